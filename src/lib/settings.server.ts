import path from "node:path";
import { z } from "zod";
import { USERNAME_MAX_LENGTH } from "../../db/domain-constants.ts";

/** Fast, and able to answer in a given JSON schema; any model that can is a setting away. */
const DEFAULT_OPENAI_MODEL = "gpt-4.1-mini";

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
      s.S3_BUCKET !== undefined ||
      [s.S3_REGION, s.S3_ENDPOINT, s.S3_FORCE_PATH_STYLE, s.S3_ACCESS_KEY_ID].every((v) => v === undefined),
    {
      message: "is needed for the other S3_ settings to mean anything",
      path: ["S3_BUCKET"],
    },
  );

/** An S3-compatible bucket holding uploads instead of `DATA_DIR/uploads`. */
export interface S3Settings {
  bucket: string;
  region: string;
  /** Another S3-compatible service than AWS, e.g. MinIO or R2; AWS when unset. */
  endpoint?: string;
  /** Bucket in the path (`endpoint/bucket/key`) rather than the host name, as most non-AWS stores want. */
  forcePathStyle: boolean;
  /** Static keys; when unset the SDK's own chain (environment, instance role) applies. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export interface Settings {
  host: string;
  port: number;
  dataDir: string;
  /** The database to open: DATABASE_URL, or PGlite in `DATA_DIR/db`. */
  databaseUrl: string;
  /** The public origin, without a trailing slash. */
  siteUrl: string;
  /**
   * The one origin writes must come from (CSRF): SITE_URL when set. Unset, a write must
   * come from the origin it was sent to, since a site opened as 127.0.0.1, a LAN address
   * or `localhost` cannot know in advance which name the browser used.
   */
  writeOrigin?: string;
  siteName: string;
  curatorName: string;
  uploadsDir: string;
  admin?: { username: string; password: string };
  /** Reverse proxies whose X-Forwarded-For is believed; empty means the socket's address counts. */
  trustedProxies: string[];
  /**
   * Every page wears the default theme only, whatever theme is active: the way back in when a
   * saved theme has hidden what the owner needs to fix it (the `?safe-theme` link does it per page).
   */
  themeSafeMode: boolean;
  /** Where uploads are kept: S3 when S3_BUCKET is set, else `uploadsDir`. */
  s3?: S3Settings;
  nickname: NicknameSettings;
}

/** How the nickname generator may use OpenAI; without a key it answers from its local generator alone. */
export interface NicknameSettings {
  openai?: { apiKey: string; baseUrl?: string; model: string };
  /** AI answers the whole site may have in a day (UTC); past it, and at 0, the local generator answers. */
  dailyAiLimit: number;
}

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
  };
}

let current: Settings | undefined;

/** This process's settings, read from its environment once. */
export function siteSettings(): Settings {
  current ??= parseSettings(process.env);
  return current;
}
