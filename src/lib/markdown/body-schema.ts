import type { Options as Schema } from "rehype-sanitize";

/**
 * What of an author's Markdown may reach a page, as `rehype-sanitize` reads it: the elements
 * CommonMark and GitHub's extensions make, with the attributes they set, and nothing else.
 * Raw HTML never gets this far (`remark-rehype` drops it); this is the second wall, so a
 * plugin that lets something through by mistake still meets an allowlist. Not GitHub's
 * default schema: that one allows dozens of presentational attributes and `input`, `div`,
 * `details` for READMEs. The structure our own plugins add after it (heading anchors,
 * sidenotes, figures, the contents, embeds and their players) is not the author's and is
 * not sanitised.
 */
export const bodySchema: Schema = {
  // No element's text survives a removed `script` or `style` either.
  strip: ["script", "style"],
  // Ids are the post's own prefix and a footnote's label (`clobberPrefix` in the pipeline).
  clobber: [],
  clobberPrefix: "",
  tagNames: [
    ...["p", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "code"],
    ...["em", "strong", "del", "a", "img", "sup", "ul", "ol", "li", "section"],
    // What the site's directives make (`directive-elements.ts`): boxes, and a video's placeholder.
    ...["aside", "div"],
    ...["table", "thead", "tbody", "tr", "th", "td"],
  ],
  ancestors: { li: ["ol", "ul"], tbody: ["table"], thead: ["table"], tr: ["table"], th: ["table"], td: ["table"] },
  attributes: {
    a: ["href", "title", "id", "dataFootnoteRef", "dataFootnoteBackref", "ariaLabel", "ariaDescribedBy"],
    img: ["src", "alt", "title"],
    code: [["className", /^language-[\w-]+$/]],
    ol: ["start"],
    li: ["id"],
    th: [["align", "left", "center", "right"]],
    td: [["align", "left", "center", "right"]],
    h2: ["id", ["className", "footnotes__label"]],
    section: ["dataFootnotes", ["className", "footnotes"]],
    aside: [["className", "aside", "pullquote"]],
    p: [["className", "aside__title"]],
    div: ["dataVideo"],
  },
  // Links to the web and mail; images from the web or the site. Anything else (`javascript:`,
  // `data:`, `vbscript:`, `file:`) loses the attribute; a link without `href` is its text.
  protocols: { href: ["http", "https", "mailto"], src: ["http", "https"] },
  required: {},
};
