import { generateKeyPairSync } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { DbHandle } from "../../db/client.ts";
import { newsletterIssues, newsletterSubscribers } from "../../db/schema/index.ts";
import { parseSettings } from "../../src/lib/settings.server.ts";
import { useDatabase } from "../../src/lib/site-database.server.ts";
import type { SendContext } from "../../src/modules/newsletter/deliver-issue.server.ts";
import type { IssueInput } from "../../src/modules/newsletter/issue-schema.ts";
import { createIssue, issueLedger, scheduleSend } from "../../src/modules/newsletter/issues.server.ts";
import { openMailer, type Mailer } from "../../src/modules/newsletter/mailer.server.ts";
import { confirmSubscriber, subscribe } from "../../src/modules/newsletter/newsletter.server.ts";
import { createPost } from "../../src/modules/posts/post-writes.server.ts";
import { samplePost } from "./sample-items.ts";
import { startSmtpSink, type SmtpSink } from "./smtp-sink.ts";
import { createTestDb } from "./test-db.ts";

export const SITE = { siteUrl: "https://meh.example", siteName: "Mostly Meh" };
/** The undo window every issue is scheduled with, in seconds. */
export const UNDO = 300;

/** A clock the test moves on. */
export function clock(start = new Date()) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/**
 * The test file's sending site: a fresh database with one post, an SMTP sink and a mailer
 * signing with DKIM, opened before its tests and closed after; every test starts with no
 * issue and no reader. With the steps the tests take, bound to it.
 */
export function issueSendingSite() {
  let handle: DbHandle;
  let sink: SmtpSink;
  let mailer: Mailer;
  let dir: string;
  let postId: number;

  beforeAll(async () => {
    handle = await createTestDb();
    useDatabase(handle);
    sink = await startSmtpSink();
    dir = await mkdtemp(path.join(os.tmpdir(), "meh-send-"));
    const keyFile = path.join(dir, "dkim.pem");
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    await writeFile(keyFile, privateKey.export({ type: "pkcs8", format: "pem" }));
    const settings = parseSettings({
      SITE_URL: SITE.siteUrl,
      DATA_DIR: dir,
      SMTP_URL: sink.url,
      DKIM_DOMAIN: "meh.example",
      DKIM_SELECTOR: "test",
      DKIM_PRIVATE_KEY_FILE: keyFile,
      MAIL_RATE_PER_SECOND: "1000",
    });
    mailer = await openMailer(settings.mail);
    postId = (await createPost(handle.db, samplePost({ title: "A Lift That Stops at Every Floor" }))).id;
  });
  afterAll(async () => {
    mailer.close();
    await sink.close();
    await handle.close();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    sink.caught.length = 0;
    sink.refuse = () => undefined;
    // Every test starts with no issue and no reader, and a month free of sends.
    await handle.db.delete(newsletterIssues);
    await handle.db.delete(newsletterSubscribers);
  });

  /** Readers who confirmed their address. */
  async function readers(...emails: string[]): Promise<number[]> {
    const ids: number[] = [];
    for (const email of emails) {
      const id = (await subscribe(handle.db, email)) ?? 0;
      await confirmSubscriber(handle.db, id);
      ids.push(id);
    }
    return ids;
  }

  /** An issue of the test post, sent: its undo window past on `time`. */
  async function sentIssue(time: ReturnType<typeof clock>, input: IssueInput = { postIds: [postId] }) {
    const issue = await createIssue(handle.db, SITE.siteUrl, SITE.siteName, input, { now: time.now() });
    await scheduleSend(handle.db, SITE.siteUrl, issue.id, { undoSeconds: UNDO, now: time.now() });
    time.advance(UNDO * 1000 + 1000);
    return issue.id;
  }

  const context = (time: ReturnType<typeof clock>, through: Mailer = mailer): SendContext => ({
    db: handle.db,
    mailer: through,
    ...SITE,
    now: time.now,
  });

  const caughtFor = (email: string) => sink.caught.filter((c) => c.to.includes(email));

  const ledger = (id: number) => issueLedger(handle.db, id, { page: 1, limit: 100 });

  return {
    get handle() {
      return handle;
    },
    get sink() {
      return sink;
    },
    get mailer() {
      return mailer;
    },
    /** The site's data folder, where the DKIM key is. */
    get dir() {
      return dir;
    },
    /** The post every issue carries unless the test says otherwise. */
    get postId() {
      return postId;
    },
    readers,
    sentIssue,
    context,
    caughtFor,
    ledger,
  };
}
