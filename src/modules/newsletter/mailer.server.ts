import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type SendMailOptions } from "nodemailer";
import type SMTPPool from "nodemailer/lib/smtp-pool";
import type { MailSettings } from "@/lib/settings.server";
import type { Delivery, Letter } from "./letter";

export type { Delivery, Letter };

/** Where the newsletter's messages go. */
export interface Mailer {
  /** Send one message; rejects with the server's refusal (its `responseCode` says 4xx or 5xx). */
  send(letter: Letter): Promise<Delivery>;
  close(): void;
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
export async function openMailer(settings: MailSettings): Promise<Mailer> {
  const dkim = await dkimOf(settings);
  if (settings.smtpUrl) {
    const options: SMTPPool.Options = {
      url: settings.smtpUrl,
      pool: true,
      maxConnections: 2,
      rateDelta: 1000,
      rateLimit: settings.ratePerSecond,
      dkim,
    };
    const transport = nodemailer.createTransport(options);
    return {
      send: async (letter) => {
        const info = await transport.sendMail(messageOf(settings.from, letter));
        return { messageId: info.messageId, response: info.response };
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
