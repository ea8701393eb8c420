// Tracking parameters never change a page, so they never split the store.
const IGNORED_PARAMS = /^(utm_.*|fbclid|gclid|msclkid|mc_cid|mc_eid|_ga|_gl|ref)$/i;

/**
 * The key a page is stored under: its path plus its whole query, sorted, minus tracking
 * parameters; so `?b=2&a=1` and `?a=1&b=2&utm_source=x` are one page.
 * @example pageKey(new URL("http://x/archive?search=a&utm_source=n")) // "/archive?search=a"
 */
export function pageKey(url: URL): string {
  const params = new URLSearchParams();
  for (const [name, value] of url.searchParams) if (!IGNORED_PARAMS.test(name)) params.append(name, value);
  params.sort();
  const query = params.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}
