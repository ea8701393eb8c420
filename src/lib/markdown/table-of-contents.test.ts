import { describe, expect, it } from "vitest";
import { bodyText, renderBody } from "./render-body";

const onPage = (content: string) => renderBody({ content, format: "markdown" }, { idPrefix: "p1-", medium: "page" });
const contents = (html: string) => /<nav class="toc" aria-label="Contents">.*?<\/nav>/.exec(html)?.[0];

describe("rehypeTableOfContents", () => {
  it("starts a page with links to its headings, nested by level, once there are three", () => {
    const html = onPage("Intro.\n\n# One\n\n## One, a\n\n#### One, a, deep\n\n### One, b\n\n# Two\n\nEnd.");
    expect(html.startsWith("<nav")).toBe(true);
    expect(contents(html)).toBe(
      '<nav class="toc" aria-label="Contents"><p class="toc__title">Contents</p><ol>' +
        '<li><a href="#p1-one">One</a><ol>' +
        '<li><a href="#p1-one-a">One, a</a><ol><li><a href="#p1-one-a-deep">One, a, deep</a></li><li><a href="#p1-one-b">One, b</a></li></ol></li>' +
        "</ol></li>" +
        '<li><a href="#p1-two">Two</a></li>' +
        "</ol></nav>",
    );
    // Every link leads to a heading of the page.
    for (const [, id] of (contents(html) ?? "").matchAll(/href="#([^"]+)"/g)) expect(html).toContain(`id="${id}"`);
  });

  it("names a heading by its words, not its notes' numbers or its anchor", () => {
    const html = onPage("# One[^n]\n\n# Two\n\n# Three\n\n[^n]: A note.");
    // The note's number is not a word of the heading: neither its link's words nor its id hold it.
    expect(contents(html)).toContain('<a href="#p1-one">One</a>');
  });

  it("leaves out essays of fewer headings, the notes' own heading, and mail", () => {
    expect(contents(onPage("# One\n\n# Two\n\nA note.[^n]\n\n[^n]: Said."))).toBeUndefined();
    const essay = "# One\n\n# Two\n\n# Three";
    expect(
      renderBody(
        { content: essay, format: "markdown" },
        { idPrefix: "p1-", medium: "mail", siteUrl: "https://meh.example" },
      ),
    ).not.toContain("<nav");
    expect(bodyText({ content: essay, format: "markdown" })).toBe("One\nTwo\nThree");
  });
});
