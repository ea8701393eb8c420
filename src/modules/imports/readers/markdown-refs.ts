import { posix } from "node:path";
import { outsideCode } from "./outside-code";

/** Where tools serve a root-relative `/images/a.jpg` from: Hugo's `static/`, Astro's `public/`, Jekyll's root, Hugo's `assets/`. */
const SERVED_FROM = ["static/", "public/", "", "assets/"];

/** An address with a scheme (`https:`, `mailto:`, `data:`), protocol-relative, or a link within the page. */
const NOT_A_FILE = /^([a-z][a-z0-9+.-]*:|\/\/|#)/i;

/**
 * The path inside the export of the file a Markdown file's ref names, or null when the
 * export does not hold it (an address elsewhere, a file left out). Relative refs are read
 * from the file's folder, root-relative ones from where each tool serves its files.
 * @example exportPath("./cover.jpg", "content/posts/x/index.md", has) // "content/posts/x/cover.jpg"
 */
export function exportPath(ref: string, from: string, has: (path: string) => boolean): string | null {
  const target = ref.trim().replace(/^<(.*)>$/, "$1");
  if (!target || NOT_A_FILE.test(target)) return null;
  let path = target.replace(/[?#].*$/, "");
  try {
    path = decodeURI(path);
  } catch {
    // A stray `%` is part of the name: look it up as written.
  }
  const candidates = path.startsWith("/")
    ? SERVED_FROM.map((folder) => posix.normalize(`${folder}${path.slice(1)}`))
    : [posix.normalize(posix.join(posix.dirname(from), path))];
  return candidates.find((candidate) => !candidate.startsWith("../") && has(candidate)) ?? null;
}

/** A path as a Markdown link's destination: in angle brackets when it holds spaces or brackets. */
const destination = (path: string): string => (/[\s()<>]/.test(path) ? `<${path}>` : path);

/** `![alt](ref "title")` and `[text](ref)`: the ref, in angle brackets or bare. */
const INLINE_LINK = /(!?\[[^\]\n]*\]\(\s*)(<[^>\n]*>|[^\s)]+)/g;
/** `[id]: ref "title"`, a reference definition. */
const DEFINITION = /^( {0,3}\[[^\]\n]+\]:[ \t]*)(<[^>\n]*>|\S+)/gm;
/** `<img src="ref">`, `<a href="ref">` in raw HTML. */
const HTML_ATTRIBUTE = /(<[a-z][^<>]*?\s(?:src|href)=)(["'])([^"'<>]*)\2/gi;

/**
 * Markdown whose images and links to files inside the export name them by their path in it,
 * so the importer finds each in the export; every other ref is left as written.
 */
export function rewriteRefs(markdown: string, from: string, has: (path: string) => boolean): string {
  const swap = (ref: string): string => {
    const path = exportPath(ref, from, has);
    return path === null ? ref : destination(path);
  };
  return outsideCode(markdown, (prose) =>
    prose
      .replace(INLINE_LINK, (_all, head: string, ref: string) => `${head}${swap(ref)}`)
      .replace(DEFINITION, (_all, head: string, ref: string) => `${head}${swap(ref)}`)
      .replace(HTML_ATTRIBUTE, (all, head: string, quote: string, ref: string) => {
        const path = exportPath(ref, from, has);
        return path === null ? all : `${head}${quote}${path}${quote}`;
      }),
  );
}
