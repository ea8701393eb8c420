import type { DbHandle } from "../../db/client.ts";
import type { EnsureAdminResult } from "../modules/auth/admin-account.server.ts";
import type { Settings } from "../lib/settings.server.ts";
import type { Ffmpeg } from "../modules/videos/streams/ffmpeg.server.ts";

/** What `npm start` prints once the site listens: where it is, what it uses, how to sign in. */
export function startBanner(started: {
  settings: Settings;
  database: Pick<DbHandle, "engine" | "location">;
  seeded: boolean;
  admin: EnsureAdminResult;
  factorKeyMade?: string;
  ffmpeg: Ffmpeg | null;
  url: string;
}): string {
  const { settings, database, seeded, admin, factorKeyMade, ffmpeg, url } = started;
  const where =
    database.engine === "postgres" ? `PostgreSQL at ${database.location}` : `embedded PGlite in ${database.location}`;
  const uploads = settings.s3
    ? `S3 bucket "${settings.s3.bucket}"${settings.s3.endpoint ? ` at ${settings.s3.endpoint}` : ""}`
    : settings.uploadsDir;
  const lines = [
    `${settings.siteName} is running at ${url}`,
    `Database: ${where}${seeded ? " (seeded with the sample content)" : ""}`,
    `Uploads:  ${uploads}`,
    nicknameBanner(settings),
    mailBanner(settings),
    videoBanner(settings, ffmpeg),
    ...originBanner(settings.writeOrigin),
    ...adminBanner(admin, url, factorKeyMade),
  ];
  return `\n  ${lines.join("\n  ")}\n`;
}

/** The lines telling a new owner how to sign in; a generated password, and a new factor key, are shown this once. */
export function adminBanner(admin: EnsureAdminResult, url: string, factorKeyMade?: string): string[] {
  const signIn =
    admin.status === "created" && admin.generatedPassword
      ? [
          `Admin: sign in at ${url}/login as "${admin.username}" with the password ${admin.generatedPassword}`,
          "       This password is shown only once. Reset it any time with: npm run admin:create",
        ]
      : [
          `Admin: sign in at ${url}/login as "${admin.username}". Add a passkey or an authenticator app at /admin/account.`,
          "       Forgot the password, or lost every factor? Stop the server and run: npm run admin:create",
        ];
  if (!factorKeyMade) return signIn;
  return [
    ...signIn,
    `Factor key: made now and kept in DATA_DIR/factor.key: FACTOR_KEY=${factorKeyMade}`,
    "       It seals authenticator apps' secrets. Keep a copy elsewhere; with several instances, set FACTOR_KEY on each.",
  ];
}

/** Where the nickname generator's suggestions come from. */
export function nicknameBanner({ nickname }: Settings): string {
  if (!nickname.openai) return "Nicknames: the local generator (set OPENAI_API_KEY for AI suggestions)";
  if (nickname.dailyAiLimit === 0) return "Nicknames: the local generator (NICKNAME_DAILY_AI_LIMIT is 0)";
  return `Nicknames: AI (${nickname.openai.model}), up to ${String(nickname.dailyAiLimit)} answers a day, then the local generator`;
}

/** Where the newsletter's mail goes: a server (named without its password), or the outbox. */
export function mailBanner({ mail }: Settings): string {
  if (!mail.smtpUrl) return `Mail:     kept in ${mail.outboxDir}; nothing leaves this machine (set SMTP_URL to send)`;
  const server = new URL(mail.smtpUrl);
  return `Mail:     sent through ${server.protocol}//${server.host}${mail.dkim ? `, signed for ${mail.dkim.domainName}` : ""}`;
}

/** How videos are played: streamed from the ladders ffmpeg makes, or, without it, as their one mp4. */
export function videoBanner({ ffmpegPath }: Settings, ffmpeg: Ffmpeg | null): string {
  if (ffmpeg)
    return `Videos:   streamed (HLS at 360p, 720p and up to 1080p), the ladders made by ffmpeg ${ffmpeg.version}`;
  const why = ffmpegPath ? `ffmpeg was not found at "${ffmpegPath}"` : "FFMPEG_PATH is off";
  return `Videos:   each played as its one mp4: ${why}, so there is no adaptive streaming (install ffmpeg, or set FFMPEG_PATH)`;
}

/** Which origin writes (sign-in, saves) must come from: the CSRF check refuses any other. */
function originBanner(writeOrigin: string | undefined): string[] {
  if (writeOrigin) return [`Writes: accepted only from pages at ${writeOrigin} (SITE_URL)`];
  return [
    "Writes: accepted from pages at the address the browser used to open the site",
    "        Set SITE_URL to the public address to accept them from that origin only.",
  ];
}
