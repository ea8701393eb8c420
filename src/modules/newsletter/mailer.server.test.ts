import { generateKeyPairSync } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpSink, type SmtpSink } from "../../../tests/setup/smtp-sink.ts";
import { parseSettings } from "@/lib/settings.server";
import { NoAnswer, openMailer, SMTP_WAITS, type Letter } from "./mailer.server";

let sink: SmtpSink;
let dir: string;
let keyFile: string;
beforeAll(async () => {
  sink = await startSmtpSink();
  dir = await mkdtemp(path.join(os.tmpdir(), "meh-mail-"));
  keyFile = path.join(dir, "dkim.pem");
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  await writeFile(keyFile, privateKey.export({ type: "pkcs8", format: "pem" }));
});
afterAll(async () => {
  await sink.close();
  await rm(dir, { recursive: true, force: true });
});

const letter = (to: string): Letter => ({
  to,
  subject: "Nothing much happened",
  html: "<p>A kettle boiled. <b>Eventually.</b></p>",
  text: "A kettle boiled. Eventually.",
  list: {
    id: "newsletter.meh.example",
    name: "Mostly Meh",
    unsubscribeUrl: "https://meh.example/newsletter/unsubscribe?token=abc",
  },
});

/** A header as it was written, unfolded: "List-Id: Mostly Meh <…>". */
const headerLine = (parsed: ParsedMail, key: string): string =>
  (parsed.headerLines.find((line) => line.key === key)?.line ?? "").replace(/\r?\n\s+/g, " ");

const settingsFor = (env: Record<string, string>) =>
  parseSettings({ SITE_URL: "https://meh.example", DATA_DIR: dir, ...env }).mail;

describe("the mailer", () => {
  it("sends through SMTP with the list's headers, HTML and plain text, signed by DKIM over the unsubscribe headers", async () => {
    const mailer = await openMailer(
      settingsFor({
        SMTP_URL: sink.url,
        DKIM_DOMAIN: "meh.example",
        DKIM_SELECTOR: "test",
        DKIM_PRIVATE_KEY_FILE: keyFile,
      }),
    );
    const delivery = await mailer.send(letter("reader@example.org"));
    mailer.close();
    expect(delivery.response).toMatch(/^250/);
    expect(sink.caught).toHaveLength(1);
    const [caught] = sink.caught;
    expect(caught?.to).toEqual(["reader@example.org"]);
    const parsed = await simpleParser(caught?.raw ?? Buffer.alloc(0));
    expect(parsed.from?.text).toBe('"Mostly Meh" <newsletter@meh.example>');
    expect(headerLine(parsed, "list-id")).toBe('List-ID: "Mostly Meh" <newsletter.meh.example>');
    expect(headerLine(parsed, "list-unsubscribe")).toBe(
      "List-Unsubscribe: <https://meh.example/newsletter/unsubscribe?token=abc> (Unsubscribe)",
    );
    expect(headerLine(parsed, "list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(parsed.text?.trim()).toBe("A kettle boiled. Eventually.");
    expect(parsed.html).toContain("<b>Eventually.</b>");
    const header = headerLine(parsed, "dkim-signature").replace(/\s+/g, "");
    expect(header).toContain("d=meh.example;");
    expect(header).toContain("s=test;");
    const signed = (/;h=([^;]+)/.exec(header)?.[1] ?? "").toLowerCase().split(":");
    expect(signed).toEqual(expect.arrayContaining(["from", "list-id", "list-unsubscribe", "list-unsubscribe-post"]));
  });

  it("passes on the receiving server's refusal, with its code", async () => {
    sink.refuse = (address) => (address === "gone@example.org" ? { code: 550, message: "No such user" } : undefined);
    const mailer = await openMailer(settingsFor({ SMTP_URL: sink.url }));
    await expect(mailer.send(letter("gone@example.org"))).rejects.toMatchObject({ responseCode: 550 });
    mailer.close();
    sink.refuse = () => undefined;
  });

  it("gives up on a server that has the whole message and never answers, saying it may have arrived", async () => {
    let answer = (): void => undefined;
    sink.take = () => new Promise<void>((resolve) => (answer = resolve));
    const mailer = await openMailer(settingsFor({ SMTP_URL: sink.url }), { ...SMTP_WAITS, socketTimeout: 500 });
    try {
      const sent = mailer.send(letter("slow@example.org"));
      await expect(sent).rejects.toBeInstanceOf(NoAnswer);
      await expect(sent).rejects.toThrow(/never answered \(Timeout\): it may have arrived/);
    } finally {
      mailer.close();
      answer();
      sink.take = () => Promise.resolve();
    }
  });

  it("keeps every message in the outbox when there is no SMTP server, whole, and sends nothing", async () => {
    const before = sink.caught.length;
    const mailer = await openMailer(settingsFor({}));
    const delivery = await mailer.send(letter("reader@example.org"));
    mailer.close();
    const files = await readdir(path.join(dir, "outbox"));
    expect(files).toHaveLength(1);
    expect(delivery.response).toBe(`Kept in the outbox as ${files[0] ?? ""}`);
    const parsed = await simpleParser(await readFile(path.join(dir, "outbox", files[0] ?? "")));
    expect(parsed.to).toMatchObject({ text: "reader@example.org" });
    expect(headerLine(parsed, "list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(sink.caught.length).toBe(before);
  });
});
