import { allowFramingBySelf } from "@/lib/http-policy";

/**
 * A message's HTML as a page the admin screen frames: sandboxed (no script, an origin of
 * its own), its inline styles and pictures allowed as a mail program allows them, and
 * nothing else, so a message can neither run nor reach the admin page around it.
 */
export function letterPage(html: string): Response {
  const headers = new Headers({
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src http: https: data:",
    "Cache-Control": "private, no-store",
  });
  allowFramingBySelf(headers);
  return new Response(html, { headers });
}
