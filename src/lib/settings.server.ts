import path from "node:path";
import { z } from "zod";

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
    ADMIN_USERNAME: optional.pipe(z.string().max(64).optional()),
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
  })
  .refine((s) => (s.ADMIN_USERNAME === undefined) === (s.ADMIN_PASSWORD === undefined), {
    message: "ADMIN_USERNAME and ADMIN_PASSWORD are set together or not at all",
    path: ["ADMIN_PASSWORD"],
  });

export interface Settings {
  host: string;
  port: number;
  dataDir: string;
  /** The database to open: DATABASE_URL, or PGlite in `DATA_DIR/db`. */
  databaseUrl: string;
  /** The public origin, without a trailing slash. */
  siteUrl: string;
  siteName: string;
  curatorName: string;
  uploadsDir: string;
  admin?: { username: string; password: string };
  /** Reverse proxies whose X-Forwarded-For is believed; empty means the socket's address counts. */
  trustedProxies: string[];
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
    siteName: s.SITE_NAME,
    curatorName: s.CURATOR_NAME,
    uploadsDir: path.join(dataDir, "uploads"),
    admin:
      s.ADMIN_USERNAME && s.ADMIN_PASSWORD ? { username: s.ADMIN_USERNAME, password: s.ADMIN_PASSWORD } : undefined,
    trustedProxies: s.TRUSTED_PROXIES ?? [],
  };
}

let current: Settings | undefined;

/** The settings of this process, parsed on first use. */
export function settings(): Settings {
  current ??= parseSettings(process.env);
  return current;
}
