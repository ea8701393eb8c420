import { isTokenBadURL, isTokenFunction, isTokenString, isTokenURL, type CSSToken } from "@csstools/css-tokenizer";
import { siteAreaOf } from "@/lib/routed-path";
import type { CssFinding } from "./css-problem";

const BAD_URL = "url() may only point at this site's own files (a path starting with /) or a data:image URI";
// An address a selector chooses could report what it matched; a file needs no query.
const QUERY_URL = "url() may not carry a query string (?): a theme's addresses are files";
export const UNREADABLE_URL = "This url() could not be read: put the address in quotes";
// The API answers calls, some of which write, and every page would make its readers' browsers call it.
const SITE_AREA_URL = "url() may not point at the site's API or admin pages: a theme's addresses are files";

// Functions whose quoted strings are addresses a browser loads (src() is refused outright).
const ADDRESS_FUNCTIONS = new Set(["url", "image", "image-set", "-webkit-image-set"]);
// Inside these, any other function (var(), attr(), if()) could become an address no check saw.
const IMAGE_CHOICES = new Set(["image", "image-set", "-webkit-image-set"]);

/**
 * Every address a browser would load: url()s anywhere, and the strings of url("…") and
 * image-set(). `enclosingFunctions` names the innermost function around each token.
 */
export function addressFindings(tokens: CSSToken[], enclosingFunctions: (string | undefined)[]): CssFinding[] {
  const findings: CssFinding[] = [];
  tokens.forEach((token, index) => {
    const enclosing = enclosingFunctions[index];
    // The tokenizer reports no error for a space inside an unquoted url(), only a bad token.
    if (isTokenBadURL(token)) findings.push({ offset: token[2], message: UNREADABLE_URL });
    else if (
      isTokenURL(token) ||
      (isTokenString(token) && enclosing !== undefined && ADDRESS_FUNCTIONS.has(enclosing))
    ) {
      const fault = addressFault(token[4].value);
      if (fault) findings.push({ offset: token[2], message: fault });
    } else if (isTokenFunction(token) && enclosing !== undefined && IMAGE_CHOICES.has(enclosing)) {
      const name = token[4].value.toLowerCase();
      if (name !== "url" && name !== "type" && !name.endsWith("gradient")) {
        findings.push({
          offset: token[2],
          message: `${name}() cannot be used in ${enclosing}(): write each address as url()`,
        });
      }
    }
  });
  return findings;
}

/**
 * Why an address may not stand in a theme, if it may not: only a path on this site without
 * a query, a fragment of the page, or an image written out as a data: URI; and the path
 * read as the browser resolves it and the server routes it (`siteAreaOf`), so neither
 * `/.//api/…` nor `/%2561pi/…` reaches the API or the admin pages.
 * @example addressFault("https://example.com/x.png") // "url() may only point at this site's own files …"
 */
export function addressFault(address: string): string | undefined {
  // As the URL parser reads it: tabs and line breaks are dropped anywhere, controls and
  // spaces at either end, and a \ after the first / makes it a host (`/\evil.example`).
  const url = address.replace(/[\t\n\r]/g, "").replace(/^[\p{Cc} ]+|[\p{Cc} ]+$/gu, "");
  if (url.startsWith("#") || /^data:image\//i.test(url)) return undefined;
  if (!/^\/(?![/\\])/.test(url)) return BAD_URL;
  if (url.split("#")[0]?.includes("?")) return QUERY_URL;
  return siteAreaOf(url) === null ? undefined : SITE_AREA_URL;
}
