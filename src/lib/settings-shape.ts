// What the site's settings are, once read: the shape every part of the site is given. Reading
// and checking them from the environment is settings.server.ts's work.

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
  /**
   * The key authenticator apps' secrets are encrypted with (FACTOR_KEY); unset, one is made
   * once and kept in `factorKeyFile`, outside the database and its backups.
   */
  factorKey?: string;
  factorKeyFile: string;
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
  mail: MailSettings;
  backup: BackupSettings;
  /**
   * Hosts an import may fetch images from although they are on this machine or a private
   * network (an old blog on the office network): every other private address is refused.
   */
  importPrivateHosts: string[];
  /**
   * The ffmpeg that makes videos' streaming ladders (ffprobe is looked for beside it), or
   * undefined when they are off (`FFMPEG_PATH=off`); one that cannot be run turns them off too.
   */
  ffmpegPath?: string;
  /** How long a stop (SIGTERM, Ctrl-C) may take before the process ends anyway, with code 1. */
  shutdownTimeoutSeconds: number;
  /** `debug` also logs how long each step of the start took. */
  logLevel: "info" | "debug";
}

/** How the newsletter's mail leaves: through an SMTP server, or, without one, into an outbox on disk. */
export interface MailSettings {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`; unset, nothing leaves the machine. */
  smtpUrl?: string;
  /** Where messages go when there is no SMTP server: one `.eml` file each. */
  outboxDir: string;
  /** The From of every message. */
  from: string;
  /** Signing with DKIM: the domain, the selector of its DNS record, and the private key's file. */
  dkim?: { domainName: string; keySelector: string; privateKeyFile: string };
  /** How long a sent issue waits, cancellable, before its first message leaves. */
  undoSeconds: number;
  /** At most this many messages a second, so a small relay is not flooded. */
  ratePerSecond: number;
  /**
   * At most this many signup confirmations in any hour, for the whole site: past it signups
   * are taken and answered alike, and their confirmations wait their turn.
   */
  confirmationsPerHour: number;
}

/** When the site backs itself up, and how many backups it keeps. */
export interface BackupSettings {
  /** A cron expression in UTC, or undefined when scheduled backups are off. */
  schedule?: string;
  /** The newest this many are kept; older ones are deleted once a new one is in place. */
  keep: number;
}

/** How the nickname generator may use OpenAI; without a key it answers from its local generator alone. */
export interface NicknameSettings {
  openai?: { apiKey: string; baseUrl?: string; model: string };
  /** AI answers the whole site may have in a day (UTC); past it, and at 0, the local generator answers. */
  dailyAiLimit: number;
}
