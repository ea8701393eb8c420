import type { AstroCookies } from "astro";
import { settings } from "@/lib/runtime.server";
import { sessionCookieName } from "./cookie";
import { ABSOLUTE_TIMEOUT_MS } from "./session.server";

const secure = () => settings().siteUrl.startsWith("https://");

/** The session token the request carries, if any (not yet validated). */
export function readSessionToken(cookies: AstroCookies): string | undefined {
  return cookies.get(sessionCookieName(secure()))?.value;
}

/** Hand the browser its session: unreadable by scripts, sent on same-site navigations only. */
export function setSessionCookie(cookies: AstroCookies, token: string): void {
  cookies.set(sessionCookieName(secure()), token, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: secure(),
    maxAge: ABSOLUTE_TIMEOUT_MS / 1000,
  });
}

/** Take the session cookie away. */
export function clearSessionCookie(cookies: AstroCookies): void {
  cookies.delete(sessionCookieName(secure()), { path: "/", httpOnly: true, sameSite: "lax", secure: secure() });
}
