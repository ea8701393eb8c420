import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { simpleParser } from "mailparser";
import { notFound } from "@/lib/errors";
import type { OutboxMessage } from "./newsletter-json";

/** The newest messages the outbox lists: enough to check what was sent, not an archive. */
export const OUTBOX_LIMIT = 50;

/** The name the mailer gives a kept message (mailer.server.ts): its time, a few random characters, `.eml`. */
export const OUTBOX_FILE = /^[0-9T.Z-]{20,30}-[0-9a-f]{8}\.eml$/;

async function messageFiles(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch((error: unknown) => {
    // No outbox yet: nothing has been sent.
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  });
  return names.filter((name) => OUTBOX_FILE.test(name));
}

/** The messages in the outbox folder, newest first (their names start with the time they were kept). */
export async function readOutbox(
  dir: string,
  limit = OUTBOX_LIMIT,
): Promise<{ total: number; messages: OutboxMessage[] }> {
  const files = (await messageFiles(dir)).sort().reverse();
  const messages = await Promise.all(
    files.slice(0, limit).map(async (file) => {
      const parsed = await simpleParser(await readFile(path.join(dir, file)));
      const to = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(", ") : (parsed.to?.text ?? "");
      return {
        file,
        date: parsed.date?.toISOString() ?? null,
        to,
        subject: parsed.subject ?? "",
        listUnsubscribe:
          parsed.headerLines.find((h) => h.key === "list-unsubscribe")?.line.replace(/^[^:]+:\s*/, "") ?? null,
      };
    }),
  );
  return { total: files.length, messages };
}

/** One kept message's HTML (its plain text, escaped, when it has none). */
export async function readOutboxMessage(dir: string, file: string): Promise<string> {
  if (!(await messageFiles(dir)).includes(file)) throw notFound("Message");
  const parsed = await simpleParser(await readFile(path.join(dir, file)));
  return typeof parsed.html === "string" ? parsed.html : `<pre>${parsed.textAsHtml ?? ""}</pre>`;
}
