import { describe, expect, it } from "vitest";
import { renderBody } from "./render-body";

const html = (content: string) => renderBody({ content, format: "markdown" }, { idPrefix: "p1-", medium: "page" });

describe("GitHub's extensions in an essay", () => {
  it("makes bare addresses links, in running text and in emphasis", () => {
    expect(html("See https://example.com/a?b=1, www.example.net or curator@example.com.")).toBe(
      '<p>See <a href="https://example.com/a?b=1" rel="noopener">https://example.com/a?b=1</a>, ' +
        '<a href="http://www.example.net" rel="noopener">www.example.net</a> or ' +
        '<a href="mailto:curator@example.com">curator@example.com</a>.</p>',
    );
    expect(html("*at https://example.com*")).toBe(
      '<p><em>at <a href="https://example.com" rel="noopener">https://example.com</a></em></p>',
    );
  });

  it("finds an address wherever text is: a heading, a nested list, a table, a note", () => {
    const out = html(
      "## At www.example.net\n\n- one\n  - two *in https://example.com/x*\n\n| a |\n|---|\n| me@example.org |\n\nText.[^1]\n\n[^1]: See www.example.com.",
    );
    expect(out).toContain('At <a href="http://www.example.net" rel="noopener">www.example.net</a>');
    expect(out).toContain('<em>in <a href="https://example.com/x" rel="noopener">https://example.com/x</a></em>');
    expect(out).toContain('<td><a href="mailto:me@example.org">me@example.org</a></td>');
    expect(out).toContain('See <a href="http://www.example.com" rel="noopener">www.example.com</a>.');
  });

  it("leaves an address written as a link, or in code, as it is", () => {
    expect(html("[www.example.net](https://example.org) `www.example.com`")).toBe(
      '<p><a href="https://example.org" rel="noopener">www.example.net</a> <code>www.example.com</code></p>',
    );
  });

  it("keeps a would-be task list's box as its text", () => {
    expect(html("- [ ] one\n- [x] two")).toBe("<ul>\n<li>[ ] one</li>\n<li>[x] two</li>\n</ul>");
  });

  it("reads tables and strikethrough", () => {
    expect(html("| a | b |\n|---|---|\n| 1 | ~~2~~ |")).toContain("<td><del>2</del></td>");
  });
});
