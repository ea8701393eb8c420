import { droppedKind, type DroppedTally } from "./dropped-kinds";

/** One shortcode tag as written: `[name attrs]`, `[name attrs /]` or `[/name]`. */
interface Tag {
  start: number;
  end: number;
  name: string;
  attrs: string;
  closing: boolean;
  /** The index of the closing tag that ends this one's content, when it has one. */
  closedBy?: number;
}

// A name, then a space, `=` (`[youtube=…]`), `]` or `/]`: `[1]` or `[a link](…)` is never one.
const TAG = /\[(\/)?([A-Za-z][\w-]*)((?:[\s=][^[\]]*?)?)(\/)?\]/g;
const ATTRIBUTE = /([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s'"\]]+))|"([^"]*)"|(\S+)/g;

/** Shortcodes WordPress and its common plugins write, recognised even with no attributes. */
const KNOWN = new Set([
  "caption",
  "wp_caption",
  "embed",
  "youtube",
  "vimeo",
  "gallery",
  "audio",
  "video",
  "playlist",
  "code",
  "sourcecode",
  "contact-form",
  "contact-field",
  "contact-form-7",
  "gravityform",
  "instagram",
  "tweet",
  "soundcloud",
  "spotify",
  "googlemaps",
  "mc4wp_form",
  "wpforms",
  "recipe",
  "table",
  "button",
]);

/** A shortcode's attributes by name, and the values given without one (`[vimeo 123]`) in order. */
function attributes(text: string): { named: Map<string, string>; bare: string[] } {
  const named = new Map<string, string>();
  const bare: string[] = [];
  for (const match of text.replace(/^=/, " ").matchAll(ATTRIBUTE)) {
    const [, name, double, single, plain, quoted, word] = match;
    if (name) named.set(name.toLowerCase(), double ?? single ?? plain ?? "");
    else bare.push(quoted ?? word ?? "");
  }
  return { named, bare };
}

const escapeHtml = (text: string) =>
  text
    .replace(/&(?!#?\w+;)/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");

/** The block a video or other embedded address becomes: the same shape as Gutenberg's embed block. */
const embedBlock = (address: string) =>
  `<figure class="wp-block-embed"><div class="wp-block-embed__wrapper">${escapeHtml(address.trim())}</div></figure>`;

/** A video shortcode's address: its first bare value or `url`/`id`, an id made a full address. */
function videoAddress(name: "youtube" | "vimeo", text: string, content: string): string {
  const { named, bare } = attributes(text);
  const given = (content.trim() || bare[0] || named.get("url") || named.get("id") || "").replace(/&amp;/g, "&");
  // Jetpack's `[youtube=URL&w=320]` puts its options after the address.
  const address = given.split(/&(?:amp;)?w=/)[0] ?? "";
  if (/^https?:\/\//i.test(address)) return address;
  return name === "vimeo" ? `https://vimeo.com/${address}` : `https://www.youtube.com/watch?v=${address}`;
}

/** A `[caption]`'s image (with the link around it, if any) and the words after it, as a figure. */
function captionFigure(text: string, content: string): string {
  const image = /^\s*(?:<a\b[^>]*>\s*)?<img\b[^>]*>(?:\s*<\/a>)?/i.exec(content);
  const words = image ? content.slice(image[0].length) : content;
  const caption = words.trim() || (attributes(text).named.get("caption") ?? "");
  return `<figure>${image?.[0] ?? ""}<figcaption>${caption}</figcaption></figure>`;
}

/** A code shortcode's content as a code block in `language`. */
function codeBlock(text: string, content: string): string {
  const { named } = attributes(text);
  const language = (named.get("language") ?? named.get("lang") ?? "").replace(/[^\w+#.-]/g, "");
  return `<pre><code${language ? ` class="language-${language}"` : ""}>${escapeHtml(content.replace(/^\n/, ""))}</code></pre>`;
}

/** The tags of `html` a WordPress shortcode could be, each closing tag paired with its opening. */
function tagsOf(html: string): Tag[] {
  const tags: Tag[] = [];
  const open = new Map<string, number[]>();
  for (const match of html.matchAll(TAG)) {
    const [whole, slash, name = "", attrs = "", selfClosing] = match;
    const tag: Tag = {
      start: match.index,
      end: match.index + whole.length,
      name: name.toLowerCase(),
      attrs,
      closing: !!slash,
    };
    const index = tags.push(tag) - 1;
    if (tag.closing) {
      const opener = open.get(tag.name)?.pop();
      const opening = opener === undefined ? undefined : tags[opener];
      if (opening) opening.closedBy = index;
    } else if (!selfClosing) {
      const stack = open.get(tag.name) ?? [];
      stack.push(index);
      open.set(tag.name, stack);
    }
  }
  return tags;
}

/** Whether a tag is a shortcode and not words in brackets (`[sic]`, `[citation needed]`). */
const isShortcode = (tag: Tag, paired: boolean) =>
  paired || KNOWN.has(tag.name) || tag.name.includes("_") || tag.attrs.includes("=");

/**
 * WordPress's shortcodes in a post's content replaced by what the essay can carry: a
 * `[caption]` as a figure, `[embed]`, `[youtube]` and `[vimeo]` as an embed block (a video
 * becomes its line), `[code]` as a code block. Any other is taken out and tallied in
 * `dropped` ("a [gallery] shortcode"); the words an unknown one encloses are kept, and the
 * shortcodes it encloses (a form's fields) go untallied, as part of it. An escaped one
 * (`[[gallery]]`) stays as its text.
 */
export function replaceShortcodes(html: string, dropped: DroppedTally): string {
  const tags = tagsOf(html);
  const closers = new Set(tags.flatMap((tag) => (tag.closedBy === undefined ? [] : [tag.closedBy])));
  let out = "";
  let cursor = 0;
  // Where the content of the outermost shortcode left out ends: those inside it are its parts.
  let partsUntil = -1;
  for (let index = 0; index < tags.length; index += 1) {
    const tag = tags[index];
    if (!tag || tag.start < cursor) continue;
    if (!isShortcode(tag, tag.closedBy !== undefined || closers.has(index))) continue;
    // `[[name]]` is WordPress's way to write a shortcode's text: one bracket each side goes.
    const escaped = html[tag.start - 1] === "[" && html[tag.end] === "]";
    out += html.slice(cursor, escaped ? tag.start - 1 : tag.start);
    cursor = tag.end;
    if (escaped) {
      out += html.slice(tag.start, tag.end);
      cursor = tag.end + 1;
      continue;
    }
    if (tag.closing) continue;
    const closer = tag.closedBy === undefined ? undefined : tags[tag.closedBy];
    const content = closer ? html.slice(tag.end, closer.start) : "";
    const whole = (block: string) => {
      out += block;
      if (closer) cursor = closer.end;
    };
    if (tag.name === "caption" || tag.name === "wp_caption") whole(captionFigure(tag.attrs, content));
    else if (tag.name === "embed") whole(embedBlock(content));
    else if (tag.name === "youtube" || tag.name === "vimeo")
      whole(embedBlock(videoAddress(tag.name, tag.attrs, content)));
    else if (tag.name === "code" || tag.name === "sourcecode") whole(codeBlock(tag.attrs, content));
    else {
      if (tag.start >= partsUntil) dropped.add(droppedKind(`a [${tag.name}] shortcode`, `[${tag.name}] shortcodes`));
      if (closer) partsUntil = Math.max(partsUntil, closer.start);
    }
  }
  return out + html.slice(cursor);
}
