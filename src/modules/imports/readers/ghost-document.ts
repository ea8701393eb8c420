import { escapeXml } from "@/lib/escape-xml";
import { markdownProcessor } from "@/lib/markdown/pipeline";

// Ghost keeps a post's document as `lexical` (5.x) or `mobiledoc` (1.x to 4.x), and its HTML
// beside it. The HTML is what Ghost rendered and what the importer reads; these are read only
// for a post whose export carries no HTML, drawing what plain HTML can hold and naming the rest.

interface Drawn {
  html: string;
  dropped: string[];
}

/** A block's tag as the document names it, if it is one of the few a document's blocks are; else `fallback`. */
const blockTag = (tag: string | undefined, fallback: string) =>
  tag && /^(p|h[1-6]|blockquote|aside|ul|ol)$/.test(tag) ? tag : fallback;

interface LexicalNode {
  type?: string;
  text?: string;
  tag?: string;
  children?: LexicalNode[];
  markdown?: string;
  html?: string;
  src?: string;
  altText?: string;
  caption?: string;
  url?: string;
}

function lexicalNode(node: LexicalNode, dropped: string[]): string {
  const inner = () => (node.children ?? []).map((child) => lexicalNode(child, dropped)).join("");
  switch (node.type) {
    case "text":
    case "extended-text":
      return escapeXml(node.text ?? "");
    case "linebreak":
      return "<br>";
    case "link":
      return `<a href="${escapeXml(node.url ?? "")}">${inner()}</a>`;
    case "paragraph":
      return `<p>${inner()}</p>`;
    case "heading":
    case "extended-heading":
      return `<${blockTag(node.tag, "h2")}>${inner()}</${blockTag(node.tag, "h2")}>`;
    case "quote":
    case "extended-quote":
      return `<blockquote>${inner()}</blockquote>`;
    case "list":
      return `<${blockTag(node.tag, "ul")}>${inner()}</${blockTag(node.tag, "ul")}>`;
    case "listitem":
      return `<li>${inner()}</li>`;
    case "markdown":
      // Drawn as the site draws Markdown, so the converter reads it back as it was written.
      return markdownProcessor("")
        .processSync(node.markdown ?? "")
        .toString();
    case "html":
      return node.html ?? "";
    case "image":
      return `<figure class="kg-card kg-image-card"><img src="${escapeXml(node.src ?? "")}" alt="${escapeXml(node.altText ?? "")}">${node.caption ? `<figcaption>${node.caption}</figcaption>` : ""}</figure>`;
    case "horizontalrule":
      return "<hr>";
    case undefined:
    case "root":
      return inner();
    default:
      dropped.push(`a ${node.type} card`);
      return "";
  }
}

type MobiledocMarker = [number, number[], number, string];
type MobiledocSection = [1, string, MobiledocMarker[]] | [3, string, MobiledocMarker[][]] | [10, number] | [2, string];
interface Mobiledoc {
  cards?: [string, Record<string, unknown>][];
  sections?: MobiledocSection[];
}

const markersText = (markers: MobiledocMarker[]) => markers.map((marker) => escapeXml(marker[3])).join("");

function mobiledocCard(card: [string, Record<string, unknown>] | undefined, dropped: string[]): string {
  const [name, payload] = card ?? ["", {}];
  const text = (key: string) => (typeof payload[key] === "string" ? payload[key] : "");
  if (name === "markdown" || name === "card-markdown")
    return lexicalNode({ type: "markdown", markdown: text("markdown") }, dropped);
  if (name === "html") return text("html");
  if (name === "image")
    return lexicalNode({ type: "image", src: text("src"), altText: text("alt"), caption: text("caption") }, dropped);
  if (name === "hr") return "<hr>";
  dropped.push(`a ${name || "blank"} card`);
  return "";
}

/** A post's HTML drawn from its `lexical` or `mobiledoc`, for an export that carries none. */
export function ghostDocumentHtml(lexical: string | null, mobiledoc: string | null): Drawn {
  const dropped: string[] = [];
  try {
    if (lexical) {
      const root = (JSON.parse(lexical) as { root?: LexicalNode }).root;
      return { html: root ? lexicalNode(root, dropped) : "", dropped };
    }
    if (mobiledoc) {
      const doc = JSON.parse(mobiledoc) as Mobiledoc;
      const html = (doc.sections ?? [])
        .map((section) => {
          if (section[0] === 1) {
            const tag = blockTag(section[1], "p");
            return `<${tag}>${markersText(section[2])}</${tag}>`;
          }
          if (section[0] === 3) {
            const tag = blockTag(section[1], "ul");
            return `<${tag}>${section[2].map((item) => `<li>${markersText(item)}</li>`).join("")}</${tag}>`;
          }
          if (section[0] === 10) return mobiledocCard(doc.cards?.[section[1]], dropped);
          return "";
        })
        .join("");
      return { html, dropped };
    }
  } catch {
    return { html: "", dropped: ["its body, which is not the document Ghost writes"] };
  }
  return { html: "", dropped };
}
