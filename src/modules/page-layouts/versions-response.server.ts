import { json } from "@/lib/http.server";
import { TOTAL_HEADER } from "@/lib/paging";
import type { VersionsPage } from "./layout-reads.server";
import { serializeVersion } from "./serialize";

/**
 * One page of a layout's history as the API answers it: the body keeps the spec's shape (a
 * list of versions), `X-Total-Count` says how many there are in all, and while older ones
 * remain, `Link` (RFC 8288) names the next page: the same URL with its `before`.
 */
export function versionsJson(url: URL, page: VersionsPage): Response {
  const headers = new Headers({ [TOTAL_HEADER]: String(page.total) });
  if (page.next !== null) {
    const next = new URL(url);
    next.searchParams.set("before", String(page.next));
    headers.set("Link", `<${next.pathname}${next.search}>; rel="next"`);
  }
  return json(page.items.map(serializeVersion), { headers });
}
