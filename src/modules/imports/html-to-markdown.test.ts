import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { bodyText, renderBody } from "@/lib/markdown/render-body";
import { htmlToMarkdown } from "./html-to-markdown";
import { wordpressFootnotes } from "./html/wordpress-footnotes";
import type { HtmlFlavor } from "./source-item";

/** Each fixture, shaped like its platform's export, with what converting it must leave out and what its page must show. */
const fixtures: {
  name: string;
  flavor: HtmlFlavor;
  dropped: string[];
  captions: string[];
  notes: number;
  videos: number;
}[] = [
  {
    name: "wordpress-classic",
    flavor: "wordpress",
    dropped: ["a [gallery] shortcode", "2 [contact-form] shortcodes"],
    captions: ['The lobby of the "Regent", as found'],
    notes: 0,
    videos: 3,
  },
  {
    name: "wordpress-blocks",
    flavor: "wordpress",
    dropped: ["a [gallery] shortcode"],
    captions: ["Carpet, as far as the eye can see", "The other door"],
    notes: 1,
    videos: 1,
  },
  {
    name: "ghost-cards",
    flavor: "ghost",
    dropped: ["an embed from open.spotify.com", "a button", "a product card", "a signup form"],
    captions: ["The close door button does nothing"],
    notes: 2,
    videos: 1,
  },
  {
    name: "substack-post",
    flavor: "substack",
    dropped: ["2 subscribe buttons", "a button"],
    captions: ["The toaster at the Regent, mid-burn"],
    notes: 3,
    videos: 1,
  },
  {
    name: "medium-post",
    flavor: "medium",
    dropped: ["an embed from medium.com"],
    captions: ["The dome, lifted"],
    notes: 0,
    videos: 0,
  },
];

const convert = async (name: string, flavor: HtmlFlavor) => {
  const html = await readFile(new URL(`./fixtures/html/${name}.html`, import.meta.url), "utf8");
  return htmlToMarkdown(html, { flavor, siteUrl: "https://oldsite.example/" });
};

const onPage = (markdown: string) =>
  renderBody({ content: markdown, format: "markdown" }, { idPrefix: "p1-", medium: "page" });

/** The Markdown without its code blocks, inline code and autolinks: what must hold no HTML. */
const outsideCode = (markdown: string) =>
  markdown
    .replace(/^```[^\n]*\n[\s\S]*?^```$/gm, "")
    .replace(/`[^`\n]*`/g, "")
    .replace(/<https?:\/\/[^\s<>]+>/g, "");

describe.each(fixtures)("htmlToMarkdown on $name", ({ name, flavor, dropped, captions, notes, videos }) => {
  it("writes the Markdown in its golden file", async () => {
    const { markdown } = await convert(name, flavor);
    await expect(markdown).toMatchFileSnapshot(`./fixtures/html/${name}.md`);
  });

  it("lists what it could not carry, in the owner's words", async () => {
    expect((await convert(name, flavor)).dropped).toEqual(dropped);
  });

  it("writes no HTML, and tidy lines", async () => {
    const { markdown } = await convert(name, flavor);
    expect(outsideCode(markdown)).not.toMatch(/<[a-z/!?]/i);
    expect(markdown).not.toMatch(/[ \t]$/m);
    expect(markdown).not.toMatch(/\n\n\n/);
    expect(markdown).toMatch(/[^\n]\n$/);
  });

  it("draws, with the site's own renderer, the figures, notes and players the source had", async () => {
    const html = onPage((await convert(name, flavor)).markdown);
    for (const caption of captions) expect(html).toContain(`<figcaption>${caption}</figcaption>`);
    expect(html.match(/class="sidenote__number"/g) ?? []).toHaveLength(notes);
    expect(html.match(/embed__start--outside/g) ?? []).toHaveLength(videos);
    expect(html).not.toMatch(/<script|javascript:/i);
  });

  it("reads its own Markdown back, drawn as a letter's HTML, with the same words and notes", async () => {
    const { markdown } = await convert(name, flavor);
    const letter = renderBody(
      { content: markdown, format: "markdown" },
      { idPrefix: "p1-", medium: "mail", siteUrl: "https://meh.example" },
    );
    const again = htmlToMarkdown(letter, { flavor: "plain" }).markdown;
    expect(bodyText({ content: again, format: "markdown" })).toBe(bodyText({ content: markdown, format: "markdown" }));
    expect(again.match(/^\[\^\d+\]:/gm) ?? []).toHaveLength(notes);
  });
});

const plain = (html: string) => htmlToMarkdown(html, { flavor: "plain" });

describe("htmlToMarkdown with HTML it must not trust", () => {
  it("removes scripts, styles and frames, never keeping their text", () => {
    const { markdown } = plain(
      "<p>Before</p><script>alert(1)</script><style>p { color: red }</style><noscript>Enable scripts</noscript>" +
        '<template><p>Hidden</p></template><svg><text>Drawn</text></svg><iframe src="https://evil.example/"></iframe><p>After</p>',
    );
    expect(markdown).toBe("Before\n\nAfter\n");
  });

  it("keeps an image's address but none of its handlers", () => {
    const { markdown } = plain('<p>See <img src=x onerror="alert(1)" alt="a cross"> here</p>');
    expect(markdown).toBe("See ![a cross](x) here\n");
  });

  it("keeps the words of a link that would run code, and not the link", () => {
    for (const href of [
      "javascript:alert(1)",
      " JavaScript:alert(1)",
      "java\nscript:alert(1)",
      "vbscript:x",
      "data:text/html,x",
    ])
      expect(plain(`<p><a href="${href}">Click</a> me</p>`).markdown).toBe("Click me\n");
  });

  it("leaves out an image with no web address, and says so", () => {
    const result = plain('<p><img src="data:image/png;base64,iVBOR" alt="Pasted"></p><p><img src="javascript:x"></p>');
    expect(result).toEqual({ markdown: "\n", dropped: ["2 images with no web address"] });
  });

  it("escapes words that would read as HTML or Markdown", () => {
    const { markdown } = plain(
      "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p><p># Not a heading</p><p>1. Not a list</p><p>- Nor this</p>" +
        "<p>*Not* [a](link) &amp;amp; ~~nor~~ `code`</p><p>:::aside</p><p>one<br>===</p>",
    );
    const html = onPage(markdown);
    expect(html).not.toMatch(/<script|<h\d|<ol|<ul|<em|<a |<del|<code|<aside/);
    for (const words of [
      "&#x3C;script>alert(1)&#x3C;/script>",
      "# Not a heading",
      "1. Not a list",
      "- Nor this",
      ":::aside",
    ])
      expect(html).toContain(words);
    expect(html).toContain("*Not* [a](link) &#x26;amp; ~~nor~~ `code`");
  });

  it("writes the converter's own marks only where it put them", () => {
    const { markdown } = plain(
      '<p><md-note-ref>1]: x</md-note-ref> and <md-box data-kind="aside">boxed</md-box> and <md-video>javascript:alert(1)</md-video></p>',
    );
    expect(markdown).toBe("1\\]: x and boxed and javascript:alert(1)\n");
  });

  it("converts a paragraph of a megabyte, in time that grows with it", () => {
    const sentence = "The lobby is <b>beige</b> and <i>quiet</i>, as lobbies are. ";
    const paragraph = `<p>${sentence.repeat(Math.ceil(1_000_000 / sentence.length))}</p>`;
    const { markdown } = plain(paragraph);
    const written = "The lobby is **beige** and *quiet*, as lobbies are. ";
    expect(markdown).toBe(`${written.repeat(Math.ceil(1_000_000 / sentence.length)).trimEnd()}\n`);
  });

  it("converts a megabyte of line breaks, spaces in code and ids without slowing to a crawl", () => {
    const breaks = `<p>${"word<br>".repeat(100_000)}<br><br></p>`;
    const spaces = `<pre><code>${" ".repeat(500_000)}x</code></pre>`;
    const ids = `${'<p><a href="#n">1</a></p>'.repeat(20_000)}${'<ol class="footnotes"><li id="n">note</li></ol>'.repeat(2_000)}`;
    const [first, second, third] = [breaks, spaces, ids].map((html) => plain(html).markdown);
    expect(first?.split("\\\n")).toHaveLength(100_000);
    expect(second?.length).toBeGreaterThan(500_000);
    expect(third).toContain("[^1]: note");
  });

  it("reads a megabyte of brackets and shortcodes in one pass", () => {
    const escaped = htmlToMarkdown("[[gallery]] ".repeat(100_000), { flavor: "wordpress" });
    expect(escaped.markdown).toBe(`${"\\[gallery\\] ".repeat(100_000).trimEnd()}\n`);
    const unclosed = htmlToMarkdown("[caption id=1 ".repeat(100_000), { flavor: "wordpress" });
    expect(unclosed.markdown.length).toBeGreaterThan(1_000_000);
    const unknown = htmlToMarkdown("[vc_row][vc_column]Words[/vc_column][/vc_row]".repeat(20_000), {
      flavor: "wordpress",
    });
    expect(unknown.dropped).toEqual(["20000 [vc_row] shortcodes"]);
  });

  it("moves a hundred thousand siblings without shifting the rest each time", () => {
    const gallery = `<figure>${'<img src="a.jpg" alt="A">'.repeat(50_000)}</figure>`;
    const paragraphs = "Para\n\n".repeat(100_000);
    expect(plain(gallery).markdown).toBe(`${Array.from({ length: 50_000 }, () => "![A](a.jpg)").join("\n\n")}\n`);
    expect(htmlToMarkdown(paragraphs, { flavor: "wordpress" }).markdown.split("\n\n")).toHaveLength(100_000);
  });

  it("keeps its tree whole through markup as broken as random HTML", () => {
    // Found by converting random HTML: an emptied card inside a card once left the tree in pieces.
    const html =
      "<h4><table></h4>text <i><hr><figure class='kg-card kg-embed-card'>_<div class=footnote-content>" +
      "<p class=button-wrapper><figure class='kg-card kg-embed-card'><div class=footnote-content>\n\n<section class='section'>" +
      "<p class=button-wrapper>Subscribe<img src=a.jpg alt=x><p>Kept</table>";
    expect(htmlToMarkdown(html, { flavor: "substack" })).toEqual({
      markdown: "## text* --- \\_ Kept *\n",
      dropped: ["2 buttons"],
    });
  });

  it("keeps the words of HTML nested too deep to read, and says its formatting went", () => {
    const html = `${"<div><b>".repeat(5_000)}Deep *down*${"</b></div>".repeat(5_000)}<script>alert(1)</script>`;
    expect(plain(html)).toEqual({
      markdown: "Deep \\*down\\*\n",
      dropped: ["its formatting, nested too deep to read (its words are kept)"],
    });
  });
});

describe("htmlToMarkdown's reading of each source", () => {
  it("shifts headings so the highest the body uses is ##, keeping their distance", () => {
    expect(plain("<h3>A</h3><h5>B</h5><h4>C</h4>").markdown).toBe("## A\n\n#### B\n\n### C\n");
    expect(plain("<h1>A</h1><h2>B</h2>").markdown).toBe("## A\n\n### B\n");
  });

  it("makes Ghost's own address root-relative when the site's is not known", () => {
    const html =
      '<p><a href="__GHOST_URL__/about/">About</a> <img src="__GHOST_URL__/content/images/a.jpg" alt="A"></p>';
    expect(htmlToMarkdown(html, { flavor: "ghost" }).markdown).toBe("[About](/about/) ![A](/content/images/a.jpg)\n");
    expect(htmlToMarkdown(html, { flavor: "ghost", siteUrl: null }).markdown).toContain("(/about/)");
  });

  it("reads WordPress's classic paragraphs, but not inside code, lists or tables", () => {
    const html =
      "One\ntwo\n\nThree\n<pre>a\n\nb</pre>\n<ul>\n<li>x\ny</li>\n</ul>\n<table><tr><td>c\n\nd</td></tr></table>";
    expect(htmlToMarkdown(html, { flavor: "wordpress" }).markdown).toBe(
      "One\\\ntwo\n\nThree\n\n```\na\n\nb\n```\n\n- x y\n\n| c d |\n| --- |\n",
    );
  });

  it("finds the notes WordPress keeps in a post's meta, once its reader appends them", () => {
    const content =
      '<!-- wp:paragraph -->\n<p>Said.<sup data-fn="a1" class="fn"><a href="#a1" id="a1-link">1</a></sup></p>\n<!-- /wp:paragraph -->\n\n<!-- wp:footnotes /-->';
    const meta = JSON.stringify([{ id: "a1", content: "A <em>note</em>." }]);
    const html = content + wordpressFootnotes(meta);
    expect(htmlToMarkdown(html, { flavor: "wordpress" }).markdown).toBe("Said.[^1]\n\n[^1]: A *note*.\n");
    expect(wordpressFootnotes("not json")).toBe("");
    expect(wordpressFootnotes('[{"id":1}]')).toBe("");
  });

  it("takes a Substack video by its element's id when its attributes do not name it", () => {
    const html = '<div id="youtube2-dQw4w9WgXcQ" class="youtube-wrap" data-attrs="{}"></div>';
    expect(htmlToMarkdown(html, { flavor: "substack" }).markdown).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ\n");
  });

  it("reads only the body of a whole exported Medium page", () => {
    const html =
      '<html><head><title>T</title></head><body><article><h1 class="p-name">T</h1>' +
      '<section data-field="body"><h4 class="graf graf--h4 graf--subtitle">Sub</h4><p class="graf graf--p">Body</p></section>' +
      '<footer><a href="https://medium.com/p/1" class="p-canonical">Canonical link</a></footer></article></body></html>';
    expect(htmlToMarkdown(html, { flavor: "medium" }).markdown).toBe("Body\n");
  });

  it("keeps a code block's lines whole inside a list item and a quote", () => {
    const html =
      '<ol><li><pre><code class="language-sh">ls\n\ncd</code></pre></li></ol><blockquote><pre>a\n\nb</pre></blockquote>';
    expect(plain(html).markdown).toBe("1. ```sh\n   ls\n\n   cd\n   ```\n\n> ```\n> a\n>\n> b\n> ```\n");
  });

  it("writes a code block inside a heading or a cell as inline code, where a block cannot stand", () => {
    expect(plain("<h2>Run <pre>ls\n-la</pre></h2><table><tr><th><pre>a`b</pre></th></tr></table>").markdown).toBe(
      "## Run `ls -la`\n\n| ``a`b`` |\n| --- |\n",
    );
  });

  it("gives every table a heading row, and a table with no rows only its caption", () => {
    expect(
      plain("<table><tr><td>Hotel</td><td>Chairs</td></tr><tr><td>Regent | East</td><td>1</td></tr></table>").markdown,
    ).toBe("| Hotel | Chairs |\n| --- | --- |\n| Regent \\| East | 1 |\n");
    expect(plain("<table><caption>Nothing yet</caption></table><table></table>").markdown).toBe("Nothing yet\n");
  });

  it("turns a Vimeo player into its video's line, with an unlisted video's key", () => {
    const html = '<iframe src="https://player.vimeo.com/video/76979871?h=8a2b3c&amp;title=0"></iframe>';
    expect(plain(html).markdown).toBe("https://vimeo.com/76979871/8a2b3c\n");
  });
});
