import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { SendMailOptions, Transporter } from "nodemailer";
import type SMTPPool from "nodemailer/lib/smtp-pool";
import type { MailSettings } from "@/lib/settings.server";
import { LEASE_MS } from "./issue-lease.server";
import type { Delivery, Letter } from "./letter";

export type { Delivery, Letter };

/** Where the newsletter's messages go. */
export interface Mailer {
  /**
   * Send one message; rejects with the server's refusal (its `responseCode` says 4xx or 5xx),
   * or with `NoAnswer` when the server was handed the whole message and never answered.
   */
  send(letter: Letter): Promise<Delivery>;
  close(): void;
}

/**
 * How long the mailer waits on the mail server, in milliseconds. nodemailer waits up to two
 * minutes to connect and ten for an answer (RFC 5321's 4.5.3.2 lets a client wait that long
 * for the answer to a message), so one slow server could hold an issue past the sender's
 * lease. Each wait here is a fraction of the lease, so the two cannot drift apart: a
 * quarter (30 s) to connect and be greeted, both together, which a working server does in
 * well under a second; half (60 s) of silence on an open connection, which leaves room for a
 * server that scans a message before it answers. A server slower than that costs one
 * message its answer (an "unknown" in the ledger), never the issue's lease or a second copy.
 */
export const SMTP_WAITS = {
  connectionTimeout: LEASE_MS / 4,
  greetingTimeout: LEASE_MS / 4,
  socketTimeout: LEASE_MS / 2,
};
export type SmtpWaits = typeof SMTP_WAITS;

/**
 * What a send rejects with when the mail server was handed the whole message and then said
 * nothing (it went silent, or the connection dropped): the message may have arrived, so it
 * must not be sent again by itself.
 */
export class NoAnswer extends Error {
  constructor(cause: unknown) {
    const why = cause instanceof Error ? cause.message : String(cause);
    super(`The server was handed the whole message and never answered (${why}): it may have arrived`, { cause });
    this.name = "NoAnswer";
  }
}

/** The headers and parts of one message, as nodemailer builds and signs them. */
function messageOf(from: string, letter: Letter): SendMailOptions {
  return {
    from,
    to: letter.to,
    subject: letter.subject,
    html: letter.html,
    text: letter.text,
    list: {
      id: { url: letter.list.id, comment: letter.list.name },
      unsubscribe: { url: letter.list.unsubscribeUrl, comment: "Unsubscribe" },
    },
    // With List-Unsubscribe, a POST of this body unsubscribes without a visit (RFC 8058);
    // nodemailer 10.6 signs it with the rest.
    headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

/** A Message-ID of our own, so a send can tell its message from the others on the pool. */
const newMessageId = (from: string): string =>
  `<${crypto.randomUUID()}@${/@([^\s>]+)/.exec(from)?.[1] ?? "localhost"}>`;

/**
 * The Message-IDs of the messages the server has been handed whole: the connection reads a
 * message only once the server has accepted DATA, and its last byte is followed by the
 * end-of-data mark. nodemailer signs with DKIM after the plugins' transforms (reading the
 * whole message at once), so it is the stream the connection reads that is watched.
 */
function noteHandedOver(transport: Transporter): Set<string> {
  const handedOver = new Set<string>();
  transport.use("stream", (mail, done) => {
    const { message } = mail;
    const id = message.messageId();
    const read = message.createReadStream.bind(message);
    message.createReadStream = (options) => read(options).once("end", () => handedOver.add(id));
    done();
  });
  return handedOver;
}

async function dkimOf(settings: MailSettings) {
  if (!settings.dkim) return undefined;
  const { domainName, keySelector, privateKeyFile } = settings.dkim;
  return { domainName, keySelector, privateKey: await readFile(privateKeyFile, "utf8") };
}

/**
 * The mailer the settings ask for: SMTP_URL's server, pooled and held to the rate set, or,
 * without one, the outbox, where each message is kept whole as an `.eml` file and nothing
 * leaves the machine. Both sign with DKIM when it is set.
 */
export async function openMailer(settings: MailSettings, waits: SmtpWaits = SMTP_WAITS): Promise<Mailer> {
  const dkim = await dkimOf(settings);
  // nodemailer is loaded, and the pool made, by the first letter: the site worker's runs
  // open the mailer each minute to send what is due, and most minutes nothing is.
  let made: Promise<Mailer> | undefined;
  const mailer = () => (made ??= transportMailer(settings, dkim, waits));
  return {
    send: async (letter) => (await mailer()).send(letter),
    close: () => {
      void made?.then((opened) => {
        opened.close();
      });
    },
  };
}

async function transportMailer(
  settings: MailSettings,
  dkim: Awaited<ReturnType<typeof dkimOf>>,
  waits: SmtpWaits,
): Promise<Mailer> {
  const { default: nodemailer } = await import("nodemailer");
  if (settings.smtpUrl) {
    const options: SMTPPool.Options = {
      url: settings.smtpUrl,
      pool: true,
      maxConnections: 2,
      rateDelta: 1000,
      rateLimit: settings.ratePerSecond,
      dkim,
      ...waits,
    };
    const transport = nodemailer.createTransport(options);
    const handedOver = noteHandedOver(transport);
    return {
      send: async (letter) => {
        const messageId = newMessageId(settings.from);
        try {
          const info = await transport.sendMail({ ...messageOf(settings.from, letter), messageId });
          return { messageId: info.messageId, response: info.response };
        } catch (error) {
          // A reply says what became of the message; no reply after all of it went says nothing.
          const replied = (error as { responseCode?: number }).responseCode !== undefined;
          throw handedOver.has(messageId) && !replied ? new NoAnswer(error) : error;
        } finally {
          handedOver.delete(messageId);
        }
      },
      close: () => {
        transport.close();
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix", dkim });
  return {
    send: async (letter) => {
      const info = await transport.sendMail(messageOf(settings.from, letter));
      await mkdir(settings.outboxDir, { recursive: true });
      const file = `${new Date().toISOString().replaceAll(":", "-")}-${crypto.randomUUID().slice(0, 8)}.eml`;
      await writeFile(path.join(settings.outboxDir, file), info.message);
      return { messageId: info.messageId, response: `Kept in the outbox as ${file}` };
    },
    close: () => {
      transport.close();
    },
  };
}
