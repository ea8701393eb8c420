import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { expect, test } from "./fixtures";
import { e2eDataDir, siteOrigin } from "./support";

// With no SMTP_URL, the test servers keep every message in their outbox: a reader's mail
// is read from there, as the owner would open it.

/** The outbox of this project's server. */
function outbox(): string {
  const project = test.info().project.name;
  const server = project.startsWith("postgres") ? "postgres" : project.startsWith("s3") ? "s3" : "pglite";
  return path.join(e2eDataDir(server), "outbox");
}

/** One message of the outbox, by the file name the ledger's reply gives. */
export async function outboxMessage(file: string): Promise<ParsedMail> {
  return simpleParser(await readFile(path.join(outbox(), file)));
}

/** The message the outbox holds for `address`, once it is there. */
export async function messageTo(address: string): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        const files = await readdir(outbox()).catch(() => []);
        for (const file of files) {
          const parsed = await outboxMessage(file);
          if (parsed.to && !Array.isArray(parsed.to) && parsed.to.text === address) found = parsed;
        }
        return found !== undefined;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  if (!found) throw new Error(`no message to ${address}`);
  return found;
}

/** The link in a message's HTML to one of the site's pages. */
export const linkTo = (mail: ParsedMail, page: string) =>
  [...(mail.html || "").matchAll(/href="([^"]+)"/g)]
    .map((m) => (m[1] ?? "").replaceAll("&amp;", "&"))
    .find((href) => href.startsWith(`${siteOrigin()}${page}?`)) ?? "";
