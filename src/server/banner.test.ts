import { describe, expect, it } from "vitest";
import { parseSettings } from "../lib/settings.server.ts";
import { mailBanner, nicknameBanner, videoBanner } from "./banner.ts";

describe("the start banner", () => {
  it("says whether the nickname generator uses AI, and within what budget, or its local generator", () => {
    expect(nicknameBanner(parseSettings({}))).toBe(
      "Nicknames: the local generator (set OPENAI_API_KEY for AI suggestions)",
    );
    expect(nicknameBanner(parseSettings({ OPENAI_API_KEY: "sk-x", NICKNAME_DAILY_AI_LIMIT: "0" }))).toBe(
      "Nicknames: the local generator (NICKNAME_DAILY_AI_LIMIT is 0)",
    );
    expect(nicknameBanner(parseSettings({ OPENAI_API_KEY: "sk-x", NICKNAME_DAILY_AI_LIMIT: "50" }))).toBe(
      "Nicknames: AI (gpt-4.1-mini), up to 50 answers a day, then the local generator",
    );
  });

  it("says where mail goes, naming a server without its password", () => {
    expect(mailBanner(parseSettings({ DATA_DIR: "/srv/meh" }))).toBe(
      "Mail:     kept in /srv/meh/outbox; nothing leaves this machine (set SMTP_URL to send)",
    );
    const sending = parseSettings({
      SMTP_URL: "smtp://letters:secret@mail.example:587",
      DKIM_DOMAIN: "meh.example",
      DKIM_SELECTOR: "s1",
      DKIM_PRIVATE_KEY_FILE: "/etc/dkim.pem",
    });
    expect(mailBanner(sending)).toBe("Mail:     sent through smtp://mail.example:587, signed for meh.example");
  });

  it("says whether videos are streamed, and what is lost without ffmpeg", () => {
    const found = { ffmpeg: "ffmpeg", ffprobe: "ffprobe", version: "5.1.9-0+deb12u1" };
    expect(videoBanner(parseSettings({}), found)).toBe(
      "Videos:   streamed (HLS at 360p, 720p and up to 1080p), the ladders made by ffmpeg 5.1.9-0+deb12u1",
    );
    expect(videoBanner(parseSettings({ FFMPEG_PATH: "/opt/ff/ffmpeg" }), null)).toBe(
      'Videos:   each played as its one mp4: ffmpeg was not found at "/opt/ff/ffmpeg", so there is no adaptive streaming (install ffmpeg, or set FFMPEG_PATH)',
    );
    expect(videoBanner(parseSettings({ FFMPEG_PATH: "off" }), null)).toMatch(/one mp4: FFMPEG_PATH is off/);
  });
});
