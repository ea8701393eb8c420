import { z } from "zod";

export { HIT_PATH } from "./hit-path";

/** A page view, or a reader reaching the end of a post or watching a video past half. */
export const HIT_KINDS = ["view", "read"] as const;
export type HitKind = (typeof HIT_KINDS)[number];

/** A beacon's body is tiny; anything longer is not one of ours. */
export const MAX_HIT_BYTES = 1024;

/** One counted thing, as the page reports it; who sent it is added by the server. */
export interface Hit {
  path: string;
  kind: HitKind;
  /** The host the visitor came from, when another site sent them. */
  referrer: string | null;
  /** A campaign's `ref` or `utm_source` tag (a newsletter issue's links carry one). */
  tag: string | null;
}

/** A hit as the server saw it: who sent it is used for the day's visitor hash, then forgotten. */
export interface CountedHit extends Hit {
  address: string;
  userAgent: string;
  /** How many times this same hit arrived in one batch (once when absent). */
  times?: number;
}

/** A hit from a browser that carried a session: counted unless that session is an admin's. */
export interface ReportedHit extends CountedHit {
  session?: string;
}

const HOST = /^(?=.{1,253}$)[a-z0-9-]+(\.[a-z0-9-]+)*$/;
const TAG = /^[a-z0-9._-]{1,64}$/;

/** The host of a referring page, lower-case, unless it is this site's own or not a web address. */
function referrerHost(referrer: string | undefined, ownHost: string): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    const host = url.hostname.toLowerCase().replace(/^www\./, "");
    return host === ownHost.replace(/^www\./, "") || !HOST.test(host) ? null : host;
  } catch {
    return null;
  }
}

const hitSchema = z.object({
  // A public page's path: the beacon sends `location.pathname`.
  p: z.string().min(1).max(512).startsWith("/"),
  k: z.enum(HIT_KINDS),
  r: z.string().max(2048).optional(),
  t: z.string().max(200).optional(),
});

/**
 * A beacon's form-encoded body as a hit, or null when it is not one a page of this site
 * sends. The tag is kept only when it looks like one (letters, digits, `._-`), so a visitor
 * cannot write free text into the owner's report.
 * @example parseHit("p=%2Fabout&k=view&r=https%3A%2F%2Fnews.example%2Fx", "meh.example")
 * // { path: "/about", kind: "view", referrer: "news.example", tag: null }
 */
export function parseHit(body: string, ownHost: string): Hit | null {
  const parsed = hitSchema.safeParse(Object.fromEntries(new URLSearchParams(body)));
  if (!parsed.success) return null;
  const { p, k, r, t } = parsed.data;
  const tag = t?.trim().toLowerCase();
  return {
    path: p,
    kind: k,
    referrer: k === "view" ? referrerHost(r, ownHost.toLowerCase()) : null,
    tag: k === "view" && tag && TAG.test(tag) ? tag : null,
  };
}
