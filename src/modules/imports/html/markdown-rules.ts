import TurndownService from "turndown";
import { strikethrough, tables } from "turndown-plugin-gfm";
import { escapeMarkdownLine } from "@/lib/markdown/escape-markdown";
import { figureMarkdown } from "@/modules/posts/editing/blocks";
import { HeldCodeBlocks } from "./code-blocks";
import { droppedKind, type DroppedTally } from "./dropped-kinds";
import { MARKERS, type BoxKind } from "./dom";
import { safeAddress } from "./untrusted";
import { videoLine } from "./video-addresses";

const NO_ADDRESS = droppedKind("an image with no web address", "images with no web address");
const BOXES = new Set<string>(["aside", "pullquote"] satisfies BoxKind[]);

/**
 * A text node's words as Markdown that reads back as the same words: what Markdown would
 * take for syntax escaped (a text node after a line break starts a line, so its start is
 * escaped as a line's), and a setext underline or a table's pipe at its start too.
 */
const escapeText = (text: string): string => escapeMarkdownLine(text).replace(/^[=|]/, "\\$&");

/** An address as a link's destination: in angle brackets when it holds what would end one early. */
const destination = (address: string): string => {
  const encoded = address.replace(/[\s<>]/g, (char) => encodeURIComponent(char));
  return /[()\\]/.test(encoded) ? `<${encoded}>` : encoded;
};

/** Where an image is: its `src`, or the address a lazy loader keeps while `src` holds a placeholder. */
function imageSource(image: Element | null): string | null {
  const src = image?.getAttribute("src") ?? "";
  const lazy = image?.getAttribute("data-src") ?? image?.getAttribute("data-lazy-src");
  return safeAddress(src === "" || (src.startsWith("data:") && lazy) ? (lazy ?? null) : src, "image");
}

/** Each list's items' places, read once per list: counting an item's earlier siblings each time is quadratic. */
function placeIn(list: Element, item: Element, places: WeakMap<Element, number>): number {
  if (!places.has(item)) Array.from(list.children).forEach((child, index) => places.set(child, index));
  return places.get(item) ?? 0;
}

/** What writes one conversion's Markdown: each part (the body, each note), then the whole once joined. */
export interface MarkdownWriter {
  /** A part's Markdown, its code blocks still held aside as one line each. */
  write: (node: HTMLElement | DocumentFragment) => string;
  /** The joined and tidied parts with their code blocks put back. */
  putBack: (markdown: string) => string;
}

/**
 * Turndown set to write the essay's Markdown: ATX headings, `-` lists, fenced code, `*`
 * and `**`, `~~`, GitHub's tables, `\` line breaks (trailing spaces would be invisible and
 * trimmed), and the markers the reshaping wrote (figures, video lines, boxes, note
 * references). No element is ever kept as HTML: what it has no rule for becomes its words.
 * A link or image to an address that is not the web's is left out, its words kept.
 */
export function markdownWriter(dropped: DroppedTally): MarkdownWriter {
  const service = new TurndownService({
    headingStyle: "atx",
    hr: "---",
    bulletListMarker: "-",
    codeBlockStyle: "fenced",
    fence: "```",
    emDelimiter: "*",
    strongDelimiter: "**",
    br: "\\",
    keepReplacement: (content, node) => (isBlock(node) ? `\n\n${content}\n\n` : content),
  });
  service.use([tables, strikethrough]);
  service.escape = escapeText;
  const places = new WeakMap<Element, number>();
  const code = new HeldCodeBlocks();
  const image = (element: Element | null, caption: string) => {
    const src = imageSource(element);
    if (src === null) {
      dropped.add(NO_ADDRESS);
      return "";
    }
    const alt = element?.getAttribute("alt") ?? "";
    return figureMarkdown({ src, alt, caption, decorative: false });
  };
  service
    .addRule("figure", {
      filter: (node) => node.nodeName === MARKERS.figure.toUpperCase(),
      replacement: (_, node) => `\n\n${image(node.querySelector("img"), node.getAttribute("data-caption") ?? "")}\n\n`,
    })
    .addRule("image", { filter: "img", replacement: (_, node) => image(node, "") })
    .addRule("video", {
      filter: (node) => node.nodeName === MARKERS.video.toUpperCase(),
      replacement: (_, node) => `\n\n${videoLine(node.textContent)}\n\n`,
    })
    .addRule("box", {
      filter: (node) => node.nodeName === MARKERS.box.toUpperCase(),
      replacement: (content, node) => {
        const kind = node.getAttribute("data-kind") ?? "";
        return BOXES.has(kind) && content.trim() ? `\n\n:::${kind}\n${content.trim()}\n:::\n\n` : content;
      },
    })
    .addRule("noteRef", {
      filter: (node) => node.nodeName === MARKERS.noteRef.toUpperCase(),
      replacement: (content) => (/^\d+$/.test(content) ? `[^${content}]` : ""),
    })
    .addRule("link", {
      filter: "a",
      replacement: (content, node) => {
        const href = safeAddress(node.getAttribute("href"), "link");
        const words = content.trim().replace(/\s*\n\s*\n\s*/g, " ");
        // A link within the page leads nowhere once its ids are gone; others keep their words.
        if (href === null || href.startsWith("#") || words === "") return words;
        // A link whose words are its address is CommonMark's autolink.
        if (node.textContent.trim() === href && /^https?:\/\/[^\s<>]+$/.test(href)) return `<${href}>`;
        return `[${words}](${destination(href)})`;
      },
    })
    .addRule("heading", {
      filter: ["h1", "h2", "h3", "h4", "h5", "h6"],
      replacement: (content, node) => {
        // A closing run of `#` after a space would be read as the heading's end, not its words.
        const words = content
          .replace(/\s+/g, " ")
          .trim()
          .replace(/ (#+)$/, " \\$1");
        return words ? `\n\n${"#".repeat(Number(node.nodeName.charAt(1)))} ${words}\n\n` : "";
      },
    })
    .addRule("listItem", {
      filter: "li",
      replacement: (content, node) => {
        const list = node.parentElement;
        const start = Number(list?.getAttribute("start") ?? 1);
        const first = Number.isInteger(start) && start >= 0 && start < 1e8 ? start : 1;
        const marker = list?.localName === "ol" ? `${String(first + placeIn(list, node, places))}. ` : "- ";
        const loose = /\n$/.test(content);
        const body = `${content.replace(/^\n+/, "").trimEnd()}${loose ? "\n" : ""}`.replace(
          /\n/g,
          `\n${" ".repeat(marker.length)}`,
        );
        return `${marker}${body}${node.nextSibling ? "\n" : ""}`;
      },
    })
    .addRule("tableCell", {
      filter: ["th", "td"],
      replacement: (content, node) => {
        const cell = content.replace(/\s+/g, " ").trim().replace(/\|/g, "\\|");
        return `${node.previousElementSibling ? " " : "| "}${cell} |`;
      },
    })
    .addRule("codeBlock", {
      // Every `pre` holds one `code` by now (`shapeCodeBlocks`), naming its language.
      filter: "pre",
      replacement: (_, node) => {
        const language = /language-(\S+)/.exec(node.querySelector("code")?.getAttribute("class") ?? "")?.[1] ?? "";
        return `\n\n${code.hold(node.textContent, language)}\n\n`;
      },
    })
    .addRule("strong", {
      filter: ["strong", "b"],
      // Ghost wraps a `strong` in a `b`: one pair of marks, not two.
      replacement: (content, node) =>
        content.trim() && !node.parentElement?.closest("strong, b") ? `**${content}**` : content,
    })
    .addRule("emphasis", {
      filter: ["em", "i"],
      replacement: (content, node) =>
        content.trim() && !node.parentElement?.closest("em, i") ? `*${content}*` : content,
    })
    .addRule("strikethrough", {
      filter: (node) => ["DEL", "S", "STRIKE"].includes(node.nodeName),
      replacement: (content) => (content.trim() ? `~~${content}~~` : content),
    });
  return { write: (node) => service.turndown(node), putBack: (markdown) => code.putBack(markdown) };
}

/** Whether turndown treats `node` as a block (it marks each node it reads). */
const isBlock = (node: TurndownService.Node): boolean => (node as { isBlock?: boolean }).isBlock === true;
