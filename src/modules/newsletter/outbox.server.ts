import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { simpleParser } from "mailparser";

/** One message kept in the outbox, as the admin's Outbox shows it. */
export interface OutboxMessage {
  file: string;
  date: string | null;
  to: string;
  subject: string;
  /** The List-Unsubscribe header, so the owner can see each message carries one. */
  listUnsubscribe: string | null;
  html: string;
  text: string;
}

/** The newest messages the outbox shows: enough to check what was sent, not an archive. */
export const OUTBOX_LIMIT = 50;

/** The messages in the outbox folder, newest first (their names start with the time they were kept). */
export async function readOutbox(
  dir: string,
  limit = OUTBOX_LIMIT,
): Promise<{ total: number; messages: OutboxMessage[] }> {
  const names = await readdir(dir).catch((error: unknown) => {
    // No outbox yet: nothing has been sent.
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  });
  const files = names
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .reverse();
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
        html: typeof parsed.html === "string" ? parsed.html : "",
        text: parsed.text ?? "",
      };
    }),
  );
  return { total: files.length, messages };
}
