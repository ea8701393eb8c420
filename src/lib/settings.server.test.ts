import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseSettings, SETTING_NAMES } from "./settings.server";

describe("parseSettings", () => {
  it("needs nothing to start", () => {
    const s = parseSettings({});
    expect(s).toMatchObject({
      host: "localhost",
      port: 4321,
      dataDir: path.resolve("data"),
      databaseUrl: `file:${path.resolve("data", "db")}`,
      siteUrl: "http://localhost:4321",
      siteName: "Mostly Meh",
      curatorName: "Ellis Beige",
      uploadsDir: path.resolve("data", "uploads"),
    });
    expect(s.admin).toBeUndefined();
  });

  it("treats blank values as unset, as .env files write them", () => {
    expect(
      parseSettings({ DATABASE_URL: "", SITE_URL: " ", ADMIN_USERNAME: "", ADMIN_PASSWORD: "" }).databaseUrl,
    ).toMatch(/^file:/);
  });

  it("uses DATABASE_URL and SITE_URL as given, without a trailing slash", () => {
    const s = parseSettings({ DATABASE_URL: "postgres://u@db:5432/meh", SITE_URL: "https://meh.example/" });
    expect(s.databaseUrl).toBe("postgres://u@db:5432/meh");
    expect(s.siteUrl).toBe("https://meh.example");
  });

  it("names every bad setting in one message", () => {
    expect(() => parseSettings({ PORT: "eighty", SITE_URL: "ftp://x", DATABASE_URL: "mysql://x" })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*SITE_URL/,
    );
  });

  it("keeps pages to the default theme only when THEME_SAFE_MODE is true", () => {
    expect(parseSettings({}).themeSafeMode).toBe(false);
    expect(parseSettings({ THEME_SAFE_MODE: "true" }).themeSafeMode).toBe(true);
    expect(parseSettings({ THEME_SAFE_MODE: "false" }).themeSafeMode).toBe(false);
    expect(() => parseSettings({ THEME_SAFE_MODE: "yes" })).toThrow(/THEME_SAFE_MODE/);
  });

  it("lets the nickname generator use OpenAI only with a key, within a daily number of answers", () => {
    expect(parseSettings({}).nickname).toEqual({ openai: undefined, dailyAiLimit: 500 });
    const withKey = parseSettings({
      OPENAI_API_KEY: "sk-test",
      OPENAI_BASE_URL: "http://127.0.0.1:9999/v1",
      NICKNAME_DAILY_AI_LIMIT: "20",
    }).nickname;
    expect(withKey).toEqual({
      openai: { apiKey: "sk-test", baseUrl: "http://127.0.0.1:9999/v1", model: "gpt-4.1-mini" },
      dailyAiLimit: 20,
    });
    expect(parseSettings({ OPENAI_API_KEY: "sk-test", OPENAI_MODEL: "gpt-5-mini" }).nickname.openai?.model).toBe(
      "gpt-5-mini",
    );
    expect(() => parseSettings({ NICKNAME_DAILY_AI_LIMIT: "-1" })).toThrow(/NICKNAME_DAILY_AI_LIMIT/);
    expect(() => parseSettings({ OPENAI_BASE_URL: "ftp://x" })).toThrow(/OPENAI_BASE_URL/);
  });

  it("keeps mail on disk without SMTP_URL, from the site's own name and host", () => {
    expect(parseSettings({ SITE_URL: "https://meh.example", DATA_DIR: "/srv/meh" }).mail).toEqual({
      smtpUrl: undefined,
      outboxDir: path.resolve("/srv/meh", "outbox"),
      from: '"Mostly Meh" <newsletter@meh.example>',
      dkim: undefined,
      undoSeconds: 300,
      ratePerSecond: 5,
      confirmationsPerHour: 50,
    });
  });

  it("sends through SMTP_URL, from MAIL_FROM, signed when all three DKIM settings are given", () => {
    const mail = parseSettings({
      SMTP_URL: "smtps://user:pass@mail.example:465",
      MAIL_FROM: '"Meh Letters" <letters@meh.example>',
      DKIM_DOMAIN: "meh.example",
      DKIM_SELECTOR: "meh2026",
      DKIM_PRIVATE_KEY_FILE: "/etc/meh/dkim.pem",
      NEWSLETTER_UNDO_SECONDS: "60",
      MAIL_RATE_PER_SECOND: "2",
      NEWSLETTER_CONFIRMATIONS_PER_HOUR: "200",
    }).mail;
    expect(mail).toMatchObject({
      smtpUrl: "smtps://user:pass@mail.example:465",
      from: '"Meh Letters" <letters@meh.example>',
      dkim: { domainName: "meh.example", keySelector: "meh2026", privateKeyFile: "/etc/meh/dkim.pem" },
      undoSeconds: 60,
      ratePerSecond: 2,
      confirmationsPerHour: 200,
    });
    expect(parseSettings({ MAIL_FROM: "letters@meh.example" }).mail.from).toBe("letters@meh.example");
  });

  it.each([
    [{ SMTP_URL: "http://mail.example" }, /SMTP_URL/],
    [{ MAIL_FROM: "not an address" }, /MAIL_FROM/],
    [{ DKIM_DOMAIN: "meh.example" }, /DKIM_PRIVATE_KEY_FILE: DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY_FILE/],
    [{ NEWSLETTER_UNDO_SECONDS: "-5" }, /NEWSLETTER_UNDO_SECONDS/],
    [{ MAIL_RATE_PER_SECOND: "0" }, /MAIL_RATE_PER_SECOND/],
    [{ NEWSLETTER_CONFIRMATIONS_PER_HOUR: "0" }, /NEWSLETTER_CONFIRMATIONS_PER_HOUR/],
    [{ NEWSLETTER_CONFIRMATIONS_PER_HOUR: "lots" }, /NEWSLETTER_CONFIRMATIONS_PER_HOUR/],
  ])("refuses mail settings that cannot work: %j", (env, message) => {
    expect(() => parseSettings(env)).toThrow(message);
  });

  it("gives a stop 10 s by default, or SHUTDOWN_TIMEOUT_SECONDS, before it ends the process anyway", () => {
    expect(parseSettings({}).shutdownTimeoutSeconds).toBe(10);
    expect(parseSettings({ SHUTDOWN_TIMEOUT_SECONDS: "30" }).shutdownTimeoutSeconds).toBe(30);
    expect(() => parseSettings({ SHUTDOWN_TIMEOUT_SECONDS: "0" })).toThrow(/SHUTDOWN_TIMEOUT_SECONDS/);
    expect(() => parseSettings({ SHUTDOWN_TIMEOUT_SECONDS: "soon" })).toThrow(/SHUTDOWN_TIMEOUT_SECONDS/);
  });

  it("logs at info unless LOG_LEVEL says debug", () => {
    expect(parseSettings({}).logLevel).toBe("info");
    expect(parseSettings({ LOG_LEVEL: "" }).logLevel).toBe("info");
    expect(parseSettings({ LOG_LEVEL: "debug" }).logLevel).toBe("debug");
    expect(() => parseSettings({ LOG_LEVEL: "verbose" })).toThrow(/LOG_LEVEL: must be info or debug/);
  });

  it("reads trusted proxies as a list of IP addresses", () => {
    expect(parseSettings({ TRUSTED_PROXIES: "10.0.0.1, ::1" }).trustedProxies).toEqual(["10.0.0.1", "::1"]);
    expect(parseSettings({}).trustedProxies).toEqual([]);
    expect(() => parseSettings({ TRUSTED_PROXIES: "proxy.example" })).toThrow(/TRUSTED_PROXIES/);
  });

  it("wants the admin's name and password together, and a password of 8+ characters", () => {
    expect(() => parseSettings({ ADMIN_USERNAME: "owner" })).toThrow(/ADMIN_PASSWORD/);
    expect(() => parseSettings({ ADMIN_USERNAME: "owner", ADMIN_PASSWORD: "short" })).toThrow(/ADMIN_PASSWORD/);
    expect(parseSettings({ ADMIN_USERNAME: "owner", ADMIN_PASSWORD: "long enough" }).admin).toEqual({
      username: "owner",
      password: "long enough",
    });
  });

  it("keeps uploads in DATA_DIR unless S3_BUCKET names a bucket", () => {
    expect(parseSettings({}).s3).toBeUndefined();
    expect(parseSettings({ S3_BUCKET: "meh-media" }).s3).toEqual({
      bucket: "meh-media",
      region: "us-east-1",
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
  });

  it("reads an S3-compatible endpoint, path-style by default, with keys given together", () => {
    const s3 = parseSettings({
      S3_BUCKET: "meh",
      S3_REGION: "auto",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
    }).s3;
    expect(s3).toMatchObject({ region: "auto", endpoint: "http://127.0.0.1:9000", forcePathStyle: true });
    expect(s3?.credentials).toEqual({ accessKeyId: "id", secretAccessKey: "secret" });
    expect(
      parseSettings({ S3_BUCKET: "meh", S3_ENDPOINT: "https://r2.example", S3_FORCE_PATH_STYLE: "false" }).s3,
    ).toMatchObject({ forcePathStyle: false });
  });

  it("refuses half an S3 configuration, naming what is missing", () => {
    expect(() => parseSettings({ S3_BUCKET: "meh", S3_ACCESS_KEY_ID: "id" })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => parseSettings({ S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(/S3_BUCKET/);
    expect(() => parseSettings({ S3_BUCKET: "meh", S3_ENDPOINT: "ftp://x" })).toThrow(/S3_ENDPOINT/);
    expect(() => parseSettings({ S3_BUCKET: "meh", S3_FORCE_PATH_STYLE: "yes" })).toThrow(/S3_FORCE_PATH_STYLE/);
  });
});

describe("backups", () => {
  it("backs up daily at a quiet hour and keeps seven unless told, and can be turned off", () => {
    expect(parseSettings({}).backup).toEqual({ schedule: "17 3 * * *", keep: 7 });
    expect(parseSettings({ BACKUP_SCHEDULE: "0  */6 * * *", BACKUP_KEEP: "30" }).backup).toEqual({
      schedule: "0 */6 * * *",
      keep: 30,
    });
    expect(parseSettings({ BACKUP_SCHEDULE: "off" }).backup.schedule).toBeUndefined();
  });

  it.each([
    [{ BACKUP_SCHEDULE: "daily" }, /BACKUP_SCHEDULE: must be a cron expression/],
    [{ BACKUP_SCHEDULE: "0 3 * *" }, /BACKUP_SCHEDULE/],
    [{ BACKUP_KEEP: "0" }, /BACKUP_KEEP/],
  ])("refuses %j", (env, message) => {
    expect(() => parseSettings(env)).toThrow(message);
  });
});

it("has every setting it reads in the README's table, so an owner can find each", () => {
  const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
  const listed = new Set(
    [...readme.matchAll(/^\|[^|]*\|/gm)].flatMap(([cell]) => cell.match(/[A-Z][A-Z0-9_]+/g) ?? []),
  );
  expect(SETTING_NAMES.filter((name) => !listed.has(name))).toEqual([]);
  expect(SETTING_NAMES.length).toBeGreaterThan(30);
});
