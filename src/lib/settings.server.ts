import path from "node:path";
import { z } from "zod";
import { USERNAME_MAX_LENGTH } from "../../db/domain-constants.ts";
import type { Settings } from "./settings-shape";

export type { BackupSettings, MailSettings, NicknameSettings, S3Settings, Settings } from "./settings-shape";

// An address, alone or after a display name: newsletter@example.com, "Mostly Meh" <newsletter@example.com>.
const MAILBOX = /^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>"]+@[^\s@<>"]+)$/;

/** Fast, and able to answer in a given JSON schema; any model that can is a setting away. */
const DEFAULT_OPENAI_MODEL = "gpt-4.1-mini";

/** Once a day, at a quiet hour (UTC) away from the hourly sweeps and the digest. */
const DEFAULT_BACKUP_SCHEDULE = "17 3 * * *";

// Five fields of digits, ranges, lists, steps and stars; pg-boss reads the rest of the meaning.
const CRON = /^[\d*,/-]+(?:\s+[\d*,/-]+){4}$/;

const optional = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

/**
 * Every setting of the site, read from the environment once and validated, so a typo
 * fails at start with the setting's name rather than deep inside a request.
 * The start script, the admin script and the Astro server all read this one module.
 */
const settingsSchema = z
  .object({
    HOST: z.string().trim().min(1).default("localhost"),
    PORT: z.coerce.number().int().min(0).max(65535).default(4321),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    DATABASE_URL: optional.pipe(
      z
        .string()
        .regex(/^(postgres(ql)?:\/\/|file:|memory:\/\/)/, "must start with postgres://, file: or memory://")
        .optional(),
    ),
    SITE_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
    SITE_NAME: z.string().trim().min(1).max(80).default("Mostly Meh"),
    CURATOR_NAME: z.string().trim().min(1).max(80).default("Ellis Beige"),
    ADMIN_USERNAME: optional.pipe(z.string().max(USERNAME_MAX_LENGTH).optional()),
    ADMIN_PASSWORD: optional.pipe(z.string().min(8).max(256).optional()),
    FACTOR_KEY: optional.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{43}$/, "must be 32 bytes in base64url (43 characters), as the start prints one")
        .optional(),
    ),
    TRUSTED_PROXIES: optional.pipe(
      z
        .string()
        .transform((v) =>
          v
            .split(",")
            .map((ip) => ip.trim())
            .filter(Boolean),
        )
        .pipe(z.array(z.union([z.ipv4(), z.ipv6()], { error: "must be IP addresses, comma-separated" })))
        .optional(),
    ),
    THEME_SAFE_MODE: optional.pipe(z.enum(["true", "false"], { error: "must be true or false" }).optional()),
    S3_BUCKET: optional,
    S3_REGION: optional,
    S3_ENDPOINT: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
    S3_FORCE_PATH_STYLE: optional.pipe(z.enum(["true", "false"], { error: "must be true or false" }).optional()),
    S3_ACCESS_KEY_ID: optional,
    S3_SECRET_ACCESS_KEY: optional,
    OPENAI_API_KEY: optional,
    OPENAI_BASE_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
    OPENAI_MODEL: z.string().trim().min(1).default(DEFAULT_OPENAI_MODEL),
    NICKNAME_DAILY_AI_LIMIT: z.coerce.number().int().min(0).default(500),
    SMTP_URL: optional.pipe(z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional()),
    MAIL_FROM: optional.pipe(
      z
        .string()
        .regex(MAILBOX, 'must be an address, or a name and an address: "Site" <newsletter@example.com>')
        .optional(),
    ),
    DKIM_DOMAIN: optional,
    DKIM_SELECTOR: optional,
    DKIM_PRIVATE_KEY_FILE: optional,
    NEWSLETTER_UNDO_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
    MAIL_RATE_PER_SECOND: z.coerce.number().int().min(1).max(1000).default(5),
    NEWSLETTER_CONFIRMATIONS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(50),
    BACKUP_SCHEDULE: z
      .string()
      .trim()
      .default(DEFAULT_BACKUP_SCHEDULE)
      .refine((v) => v === "off" || CRON.test(v), {
        message: 'must be a cron expression of five fields, in UTC (e.g. "17 3 * * *"), or off',
      }),
    BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
    IMPORT_PRIVATE_HOSTS: z
      .string()
      .trim()
      .default("")
      .transform((v) =>
        v
          .split(",")
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      ),
    FFMPEG_PATH: z.string().trim().min(1).default("ffmpeg"),
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
    LOG_LEVEL: optional.pipe(z.enum(["info", "debug"], { error: "must be info or debug" }).optional()),
  })
  .refine((s) => (s.ADMIN_USERNAME === undefined) === (s.ADMIN_PASSWORD === undefined), {
    message: "ADMIN_USERNAME and ADMIN_PASSWORD are set together or not at all",
    path: ["ADMIN_PASSWORD"],
  })
  .refine((s) => (s.S3_ACCESS_KEY_ID === undefined) === (s.S3_SECRET_ACCESS_KEY === undefined), {
    message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all",
    path: ["S3_SECRET_ACCESS_KEY"],
  })
  .refine(
    (s) =>
      [s.DKIM_DOMAIN, s.DKIM_SELECTOR, s.DKIM_PRIVATE_KEY_FILE].every((v) => v === undefined) ||
      [s.DKIM_DOMAIN, s.DKIM_SELECTOR, s.DKIM_PRIVATE_KEY_FILE].every((v) => v !== undefined),
    {
      message: "DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY_FILE are set together or not at all",
      path: ["DKIM_PRIVATE_KEY_FILE"],
    },
  )
  .refine(
    (s) =>
      s.S3_BUCKET !== undefined ||
      [s.S3_REGION, s.S3_ENDPOINT, s.S3_FORCE_PATH_STYLE, s.S3_ACCESS_KEY_ID].every((v) => v === undefined),
    {
      message: "is needed for the other S3_ settings to mean anything",
      path: ["S3_BUCKET"],
    },
  );

/** Every variable the settings read, as the README's table lists them. */
export const SETTING_NAMES = Object.keys(settingsSchema.shape);

/** Parse settings from an environment; throws one readable message listing every problem. */
export function parseSettings(env: Record<string, string | undefined>): Settings {
  const result = settingsSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid settings (see .env.example):\n${lines.join("\n")}`);
  }
  const s = result.data;
  const dataDir = path.resolve(s.DATA_DIR);
  const siteUrl = (s.SITE_URL ?? `http://${s.HOST}:${s.PORT}`).replace(/\/+$/, "");
  return {
    host: s.HOST,
    port: s.PORT,
    dataDir,
    databaseUrl: s.DATABASE_URL ?? `file:${path.join(dataDir, "db")}`,
    siteUrl,
    writeOrigin: s.SITE_URL === undefined ? undefined : siteUrl,
    siteName: s.SITE_NAME,
    curatorName: s.CURATOR_NAME,
    uploadsDir: path.join(dataDir, "uploads"),
    admin:
      s.ADMIN_USERNAME && s.ADMIN_PASSWORD ? { username: s.ADMIN_USERNAME, password: s.ADMIN_PASSWORD } : undefined,
    factorKey: s.FACTOR_KEY,
    factorKeyFile: path.join(dataDir, "factor.key"),
    trustedProxies: s.TRUSTED_PROXIES ?? [],
    themeSafeMode: s.THEME_SAFE_MODE === "true",
    s3: s.S3_BUCKET
      ? {
          bucket: s.S3_BUCKET,
          region: s.S3_REGION ?? "us-east-1",
          endpoint: s.S3_ENDPOINT,
          forcePathStyle: (s.S3_FORCE_PATH_STYLE ?? String(s.S3_ENDPOINT !== undefined)) === "true",
          credentials:
            s.S3_ACCESS_KEY_ID && s.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: s.S3_ACCESS_KEY_ID, secretAccessKey: s.S3_SECRET_ACCESS_KEY }
              : undefined,
        }
      : undefined,
    nickname: {
      openai: s.OPENAI_API_KEY
        ? { apiKey: s.OPENAI_API_KEY, baseUrl: s.OPENAI_BASE_URL, model: s.OPENAI_MODEL }
        : undefined,
      dailyAiLimit: s.NICKNAME_DAILY_AI_LIMIT,
    },
    mail: {
      smtpUrl: s.SMTP_URL,
      outboxDir: path.join(dataDir, "outbox"),
      from: s.MAIL_FROM ?? `"${s.SITE_NAME.replaceAll('"', "'")}" <newsletter@${new URL(siteUrl).hostname}>`,
      dkim:
        s.DKIM_DOMAIN && s.DKIM_SELECTOR && s.DKIM_PRIVATE_KEY_FILE
          ? { domainName: s.DKIM_DOMAIN, keySelector: s.DKIM_SELECTOR, privateKeyFile: s.DKIM_PRIVATE_KEY_FILE }
          : undefined,
      undoSeconds: s.NEWSLETTER_UNDO_SECONDS,
      ratePerSecond: s.MAIL_RATE_PER_SECOND,
      confirmationsPerHour: s.NEWSLETTER_CONFIRMATIONS_PER_HOUR,
    },
    backup: {
      schedule: s.BACKUP_SCHEDULE === "off" ? undefined : s.BACKUP_SCHEDULE.split(/\s+/).join(" "),
      keep: s.BACKUP_KEEP,
    },
    importPrivateHosts: s.IMPORT_PRIVATE_HOSTS,
    ffmpegPath: s.FFMPEG_PATH === "off" ? undefined : s.FFMPEG_PATH,
    shutdownTimeoutSeconds: s.SHUTDOWN_TIMEOUT_SECONDS,
    logLevel: s.LOG_LEVEL ?? "info",
  };
}

let current: Settings | undefined;

/** This process's settings, read from its environment once. */
export function settings(): Settings {
  current ??= parseSettings(process.env);
  return current;
}
