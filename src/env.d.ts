/// <reference types="astro/client" />

declare namespace App {
  /** What the middleware knows about the request (src/middleware.ts). */
  interface Locals {
    /** The signed-in user, or null for a visitor (no cookie, or an invalid or expired one). */
    user: import("@/lib/session-user").SessionUser | null;
    /** The id of the session the request came with, when it is valid. */
    sessionId: string | null;
    /** When the session's holder last proved who they are (null for a visitor): what cannot be undone asks again after 10 minutes. */
    provenAt: Date | null;
  }
}

declare module "virtual:home-editor-entry" {
  /** The URL of the home layout editor's entry (src/modules/page-layouts/home-editor). */
  const url: string;
  export default url;
}

declare module "virtual:toast-entry" {
  /** The URL of the notices' module (src/lib/toast.ts), for a page that has one waiting. */
  const url: string;
  export default url;
}

declare module "virtual:hls-entry" {
  /** The URL of hls.js as a video page loads it (src/modules/videos/hls-player.ts). */
  const url: string;
  export default url;
}

// hls.js's light build (no alternate audio, subtitles or DRM) is the full build's API, less
// those; its package exports no types of its own for it.
declare module "hls.js/light" {
  export { default } from "hls.js";
}

declare module "virtual:offline-search-entry" {
  /** The URL of the listings' offline search (src/modules/search/offline-search.ts). */
  const url: string;
  export default url;
}

declare module "webvtt-parser" {
  /** The W3C's WebVTT parser and validator (w3c/webvtt.js, CommonJS): what this project reads of it. */
  interface Parsed {
    cues: { startTime: number; endTime: number; text: string }[];
    errors: { message: string; line: number; col?: number }[];
  }
  const webvtt: {
    WebVTTParser: new () => { parse(input: string, mode?: "metadata" | "chapters"): Parsed };
  };
  export default webvtt;
}
