import { gzipSync } from "node:zlib";

export interface JsBytes {
  /** Gzipped JavaScript that runs at load or when the browser is idle. */
  beforeInteraction: number;
  /** Gzipped JavaScript of islands that wait until they are scrolled into view. */
  onVisible: number;
  /** Gzipped JavaScript those load only when asked (`import()`), e.g. the CSS editor's CodeMirror. */
  onDemand: number;
}

const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1]?.replaceAll("&amp;", "&");

/** The gzipped size of a module and everything it imports, each module counted once. */
async function moduleGraph(
  origin: string,
  entries: string[],
  seen: Set<string>,
  headers: Record<string, string>,
  dynamic: string[] = [],
): Promise<number> {
  let total = 0;
  const queue = [...entries];
  while (queue.length > 0) {
    const url = new URL(queue.shift() ?? "", origin).href;
    if (seen.has(url)) continue;
    seen.add(url);
    const code = await (await fetch(url, { headers })).text();
    total += gzipSync(code).length;
    for (const match of code.matchAll(/(?:import|from)\s*["']([^"']+\.js)["']/g))
      queue.push(new URL(match[1] ?? "", url).href);
    // Bundlers write a dynamic import's path in quotes or backticks; a module the code loads by
    // its URL (the home editor's entry) is written as a site path.
    for (const match of code.matchAll(/import\(\s*["'`]([^"'`]+\.js)["'`]\s*\)|["'`](\/_astro\/[^"'`]+\.js)["'`]/g))
      dynamic.push(new URL(match[1] ?? match[2] ?? "", url).href);
  }
  return total;
}

/** What a page makes a visitor (or, with a session cookie, the owner) download and run, read from its HTML as a browser would. */
export async function jsBytes(origin: string, path: string, headers: Record<string, string> = {}): Promise<JsBytes> {
  const html = await (await fetch(origin + path, { headers })).text();
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1] ?? "")
    .join("");
  const external = [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1] ?? "");
  const islands = [...html.matchAll(/<astro-island[^>]*>/g)].map((m) => m[0]);
  const eager = islands.filter((tag) => attr(tag, "client") !== "visible");
  const lazy = islands.filter((tag) => attr(tag, "client") === "visible");
  const urls = (tags: string[]) =>
    tags
      .flatMap((tag) => [attr(tag, "component-url"), attr(tag, "renderer-url")])
      .filter((u): u is string => Boolean(u));
  const seen = new Set<string>();
  const dynamic: string[] = [];
  const beforeInteraction =
    (inline ? gzipSync(inline).length : 0) +
    (await moduleGraph(origin, [...external, ...urls(eager)], seen, headers, dynamic));
  const onVisible = await moduleGraph(origin, urls(lazy), seen, headers, dynamic);
  // What an on-demand module imports on demand in turn (the home editor's loader, then the editor) counts too.
  let onDemand = 0;
  for (let pending = dynamic; pending.length > 0;) {
    const next: string[] = [];
    onDemand += await moduleGraph(origin, pending, seen, headers, next);
    pending = next;
  }
  return { beforeInteraction, onVisible, onDemand };
}
