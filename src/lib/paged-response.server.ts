import { json } from "./http.server";
import { pageCount, TOTAL_AT_LEAST_HEADER, TOTAL_HEADER, type Page, type PageRequest } from "./paging";

/**
 * One page of a listing as the API answers it: the body keeps the spec's shape (a list),
 * and the headers say the rest: the total in `X-Total-Count`, and the first, previous, next
 * and last pages as `Link` relations (RFC 8288), each the same URL with another `page`. Where
 * counting stopped (a search for a common word), `X-Total-Count-At-Least` says how many there
 * are at least, and there is no last page.
 */
export function pagedJson<T>(url: URL, page: Page<T>, request: PageRequest, serialize: (item: T) => unknown): Response {
  const last = pageCount(page.total, request.limit);
  const at = (n: number) => {
    const target = new URL(url);
    target.searchParams.set("page", String(n));
    return `<${target.pathname}${target.search}>`;
  };
  const links = [`${at(1)}; rel="first"`];
  if (!page.capped) links.push(`${at(last)}; rel="last"`);
  if (request.page > 1) links.push(`${at(Math.min(request.page - 1, last))}; rel="prev"`);
  if (request.page < last) links.push(`${at(request.page + 1)}; rel="next"`);
  const total = { [page.capped ? TOTAL_AT_LEAST_HEADER : TOTAL_HEADER]: String(page.total) };
  return json(page.items.map(serialize), { headers: { ...total, Link: links.join(", ") } });
}
