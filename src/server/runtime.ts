import { createDb, type Db, type DbHandle } from "../../db/client.ts";
import { NICKNAME_AI_CONCURRENCY, type NicknameGenerator } from "@/modules/nickname/nicknames.server";
import { openAiNicknames } from "@/modules/nickname/openai-nicknames.server";
import { PageStore } from "@/modules/publishing/page-store.server";
import { Publisher } from "@/modules/publishing/publisher.server";
import { openMailer, type Mailer } from "@/modules/newsletter/mailer.server";
import type { ObjectStore } from "@/modules/uploads/object-store.server";
import { createObjectStore } from "@/modules/uploads/open-object-store.server";
import type { CssCheck } from "@/modules/themes/css-check";
import { findCssProblems } from "@/modules/themes/validate-css.server";
import { ConcurrencyGate } from "../lib/concurrency-gate";
import { siteSettings, type Settings } from "../lib/settings.server.ts";
import { InFlight } from "./in-flight.ts";

/** Where background work goes: the job queue (src/server/job-queue.ts). Sent through `sendJob`. */
export interface JobSender {
  /** Queue a run of `name` (one of the declared jobs), now or at `startAfter`; its id. */
  send(name: string, data?: object, options?: { startAfter?: Date }): Promise<string | null>;
}

/**
 * What the process shares: its settings, its database, the stored pages, the publisher and
 * the object store. The database and the object store open on first use, so code that
 * never touches them (a pure test, the build) opens nothing.
 */
export class Runtime {
  readonly settings: Settings;
  readonly pages = new PageStore();
  readonly publisher = new Publisher(this.pages);
  #database?: DbHandle;
  #objects?: Promise<ObjectStore>;
  #nicknames?: NicknameGenerator;
  #mailer?: Promise<Mailer>;
  /** The job queue, once the wiring (src/server/wire.ts) has started it; none in a test that sets none. */
  jobs?: JobSender;
  /** Renders under way, which a stop lets end before the database closes (src/middleware.ts counts them). */
  readonly renders = new InFlight();
  /** Checks a theme's CSS; here, in this thread, unless the site worker hands it to one of its own. */
  cssCheck: CssCheck = (css) => Promise.resolve(findCssProblems(css));

  constructor(settings: Settings) {
    this.settings = settings;
  }

  /** Use an already opened database (the site worker migrates and seeds before serving). */
  useDatabase(handle: DbHandle): void {
    this.#database = handle;
  }

  /** Use an already made object store (tests keep uploads in a folder of their own). */
  useObjectStore(store: ObjectStore): void {
    this.#objects = Promise.resolve(store);
  }

  /** Use an already opened mailer (tests send to an SMTP server of their own). */
  useMailer(mailer: Mailer): void {
    this.#mailer = Promise.resolve(mailer);
  }

  /** Where the newsletter's mail goes: SMTP_URL's server, or the outbox. */
  mailer(): Promise<Mailer> {
    this.#mailer ??= openMailer(this.settings.mail);
    return this.#mailer;
  }

  get database(): DbHandle {
    this.#database ??= createDb(this.settings.databaseUrl);
    return this.#database;
  }

  get db(): Db {
    return this.database.db;
  }

  /** The nickname generator's AI (with a key) and its daily budget. */
  get nicknames(): NicknameGenerator {
    const { openai, dailyAiLimit } = this.settings.nickname;
    this.#nicknames ??= {
      ai: openai ? openAiNicknames(openai) : undefined,
      dailyAiLimit,
      aiCalls: new ConcurrencyGate(NICKNAME_AI_CONCURRENCY),
    };
    return this.#nicknames;
  }

  /** The object store the settings name: an S3 bucket, or the uploads folder. */
  objects(): Promise<ObjectStore> {
    this.#objects ??= createObjectStore(this.settings, this.db);
    return this.#objects;
  }
}

// Under `npm run dev`, Vite runs this module again when it or a module it imports changes.
// The runtime the dev server wired once (its database, its job queue) is kept in the module's
// hot data across that: a new one would open the database a second time.
const kept = import.meta.hot?.data as { runtime?: Runtime } | undefined;
let current = kept?.runtime;

/** This process's runtime, made from its settings on first use. */
export function runtime(): Runtime {
  if (!current) {
    current = new Runtime(siteSettings());
    if (kept) kept.runtime = current;
  }
  return current;
}

/** The settings of this process. */
export const settings = (): Settings => runtime().settings;

/** The database, for services and pages. */
export const db = (): Db => runtime().db;

/** Renders under way in this process (see `Runtime.renders`). */
export const renders = (): InFlight => runtime().renders;

/** The nickname generator, for its endpoint and page. */
export const nicknameGenerator = (): NicknameGenerator => runtime().nicknames;
