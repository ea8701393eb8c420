import type { AstroGlobal } from "astro";
import { z } from "zod";
import { defineRoute } from "@/lib/define-route.server";
import { db as siteDb } from "@/lib/site-database.server";
import { seeOther } from "@/lib/http.server";
import { invalid } from "@/lib/errors";
import { text } from "@/lib/form-fields";
import type { Db } from "@/lib/db.server";
import { hasLeft, type LinkOutcome } from "./newsletter.server";
import { subscriberOfToken, type LinkPurpose } from "./subscriber-links.server";

/** A link's token, as a form or a query carries it. */
export const tokenSchema = z.object({ token: text({ singleLine: true }).max(100) });

/**
 * Do what a reader's link asks, for the subscriber its token names: a token that names
 * nobody is refused as a bad field, never a 404, so links tell nothing about the list.
 */
export async function actOnLink(
  db: Db,
  purpose: LinkPurpose,
  token: string,
  act: (db: Db, id: number) => Promise<LinkOutcome>,
): Promise<LinkOutcome> {
  const id = await subscriberOfToken(db, purpose, token);
  if (id === null) throw invalid("This link is not one of ours, or has been cut short", "token");
  return act(db, id);
}

/** The pages a reader's links open, which say what came of their button. */
export const READER_PAGES = { confirm: "/newsletter/confirm", unsubscribe: "/newsletter/unsubscribe" } as const;

/** What a reader's page shows after its button: done, already so, back in, or a link gone stale. */
export type PageOutcome = LinkOutcome | "back";

/** Where a form on a reader's page lands afterwards: the page, saying what happened. */
export const landing = (page: keyof typeof READER_PAGES, token: string, outcome: PageOutcome) =>
  seeOther(`${READER_PAGES[page]}?token=${encodeURIComponent(token)}&outcome=${outcome}`);

/** A reader's form whose token names nobody lands on its page, which says the link has gone stale. */
export const staleLanding = (page: keyof typeof READER_PAGES) => seeOther(`${READER_PAGES[page]}?outcome=unknown`);

/**
 * The route behind a reader page's button: the page's form (which lands back on the page,
 * saying what came of it) or a JSON call. `shown` turns what happened into what the page says.
 */
export function readerFormRoute(
  purpose: LinkPurpose,
  page: keyof typeof READER_PAGES,
  act: (db: Db, id: number) => Promise<LinkOutcome>,
  shown: (outcome: LinkOutcome) => PageOutcome = (outcome) => outcome,
) {
  return defineRoute({
    access: "public",
    body: tokenSchema,
    maxBytes: 1024,
    form: (fields) => ({ token: fields.get("token") ?? undefined }),
    run: async ({ body, db, isForm }) => {
      const outcome = await actOnLink(db, purpose, body.token, act);
      return isForm ? landing(page, body.token, shown(outcome)) : { outcome };
    },
    onError: (_error, { isForm }) => (isForm ? staleLanding(page) : undefined),
  });
}

/**
 * What a reader page opened from a message knows: its token, whether the token is ours,
 * and what its button did, if it was pressed. Such a page is never kept (its address holds
 * a token) and sends no referrer elsewhere; not "no-referrer", under which the browser
 * says a form posted from the page comes from nowhere (Origin: null).
 */
export async function readerPage(astro: AstroGlobal, purpose: LinkPurpose) {
  const token = astro.url.searchParams.get("token") ?? "";
  astro.response.headers.set("Cache-Control", "private, no-store");
  astro.response.headers.set("Referrer-Policy", "same-origin");
  const id = await subscriberOfToken(siteDb(), purpose, token);
  const outcome = astro.url.searchParams.get("outcome");
  return {
    token,
    outcome: id !== null && outcome !== "unknown" ? outcome : "unknown",
    /** The reader has left already: an unsubscribe page says so rather than ask again (a confirm page never asks). */
    left: purpose === "unsubscribe" && id !== null && (await hasLeft(siteDb(), id)),
  };
}
