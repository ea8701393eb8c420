import { outsideCode } from "./outside-code";

// What static-site tools add to Markdown that only they understand: Hugo's shortcodes,
// Jekyll's Liquid tags, MDX's imports and components. The few with a Markdown meaning (a
// YouTube or Vimeo embed, a figure, highlighted code) become that Markdown; the rest are
// removed and named, so the owner knows what to look at again.

/** A shortcode, `{{< name args >}}` or `{{% name args %}}`, or its closing tag. */
const SHORTCODE = /\{\{([<%])\s*(\/?)\s*([\w-]+)([\s\S]*?)\s*[>%]\}\}/g;
/** A shortcode's arguments: `key="value"` (quotes escaped within as `\"`), `key='value'`, `key=value`, or a bare value. */
const ARGUMENT = /(?:([\w-]+)=)?(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([^\s"']+))/g;
/** A Liquid tag, `{% name args %}` (or `{%- … -%}`); a comment block is removed whole. */
const LIQUID_COMMENT = /\{%-?\s*comment\s*-?%\}[\s\S]*?\{%-?\s*endcomment\s*-?%\}/g;
const LIQUID_TAG = /\{%-?\s*(\w+)([\s\S]*?)-?%\}/g;
/** Jekyll's address helpers: `{{ site.baseurl }}`, `{{ "/a.jpg" | relative_url }}`. */
const LIQUID_SITE = /\{\{-?\s*site\.(?:baseurl|url)\s*-?\}\}/g;
const LIQUID_URL = /\{\{-?\s*["']([^"']*)["']\s*\|\s*(?:relative_url|absolute_url)\s*-?\}\}/g;
/** An MDX `import`/`export` line, and a JSX component (its name capitalised, as JSX has it). */
const MDX_MODULE_LINE = /^(import|export)\s.*$\n?/gm;
const JSX_TAG = /<\/?([A-Z][\w.]*)(?:\s[^<>]*?)?\/?>/g;

function argumentsOf(text: string): { named: Map<string, string>; positional: string[] } {
  const named = new Map<string, string>();
  const positional: string[] = [];
  for (const [, key, double, single, bare] of text.matchAll(ARGUMENT)) {
    const value = double?.replace(/\\(.)/g, "$1") ?? single ?? bare ?? "";
    if (key) named.set(key, value);
    else positional.push(value);
  }
  return { named, positional };
}

function shortcode(name: string, args: string): string | null {
  const { named, positional } = argumentsOf(args);
  const id = named.get("id") ?? positional[0];
  if (name === "youtube" && id) return `https://www.youtube.com/watch?v=${id}`;
  if (name === "vimeo" && id) return `https://vimeo.com/${id}`;
  const src = named.get("src");
  if (name === "figure" && src) {
    const caption = named.get("caption") ?? named.get("title");
    const alt = (named.get("alt") ?? "").replace(/[[\]]/g, "\\$&");
    return `![${alt}](${src}${caption ? ` "${caption.replaceAll('"', '\\"')}"` : ""})`;
  }
  return null;
}

/** Hugo's shortcodes and Jekyll's Liquid tags as Markdown, or removed and named in `dropped`. */
function siteTags(prose: string, dropped: Set<string>): string {
  return prose
    .replace(SHORTCODE, (all, _delimiter: string, closing: string, name: string, args: string) => {
      const markdown = closing ? null : shortcode(name, args);
      if (markdown !== null) return markdown;
      if (!closing) dropped.add(`the "${name}" shortcode`);
      return "";
    })
    .replace(LIQUID_SITE, "")
    .replace(LIQUID_URL, "$1")
    .replace(LIQUID_COMMENT, "")
    .replace(LIQUID_TAG, (all, name: string, args: string) => {
      if (name === "highlight") return `\`\`\`${args.trim().split(/\s+/)[0] ?? ""}`;
      if (name === "endhighlight") return "```";
      // `raw` only keeps Liquid from reading what it wraps, which no longer matters.
      if (name !== "raw" && name !== "endraw" && !name.startsWith("end")) dropped.add(`the Liquid tag "${name}"`);
      return "";
    });
}

function mdxParts(prose: string, dropped: Set<string>): string {
  return prose
    .replace(MDX_MODULE_LINE, (_line, keyword: string) => {
      dropped.add(`an MDX ${keyword} line`);
      return "";
    })
    .replace(JSX_TAG, (_tag, name: string) => {
      dropped.add(`the <${name}> component`);
      return "";
    });
}

/**
 * A Markdown file's body with its tool's own syntax turned into Markdown or removed, and
 * what was removed, in the owner's words. Code is left as written.
 * @example toolSyntaxToMarkdown("{{< youtube dQw4w9WgXcQ >}}", false) // { markdown: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", dropped: [] }
 */
export function toolSyntaxToMarkdown(markdown: string, isMdx: boolean): { markdown: string; dropped: string[] } {
  const dropped = new Set<string>();
  const converted = outsideCode(markdown, (prose) => {
    const plain = siteTags(prose, dropped);
    // A tag alone on its line leaves the line empty: one blank line between blocks is enough.
    return (isMdx ? mdxParts(plain, dropped) : plain).replace(/\n{3,}/g, "\n\n");
  });
  return { markdown: converted, dropped: [...dropped] };
}
