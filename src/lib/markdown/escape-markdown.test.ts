import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { textFault } from "@/lib/acceptable-text";
import { escapeMarkdownLine, plainToMarkdown } from "./escape-markdown";
import { bodyText, renderBody } from "./render-body";

const options = { idPrefix: "p1-", medium: "page" } as const;
const asMarkdown = (plain: string) => ({ content: plainToMarkdown(plain), format: "markdown" as const });
// The two write the same characters as different entities (`&#x26;` for `&amp;`).
const ENTITY: Record<string, string> = {
  amp: "&",
  "#x26": "&",
  lt: "<",
  "#x3C": "<",
  gt: ">",
  quot: '"',
  "#x22": '"',
  "#39": "'",
};
const decoded = (html: string) =>
  html.replace(/&(amp|#x26|lt|#x3C|gt|quot|#x22|#39);/g, (_, name: string) => ENTITY[name] ?? "");
const asPlain = (plain: string) => ({ content: plain, format: "plain" as const });

// Lines heavy with what Markdown reads: a line's start, emphasis, links, notes, entities, HTML.
const markdownish = fc.constantFrom(
  ..."#>-+*_`~[]()!<&\\|:=.1) \t".split(""),
  "1.",
  "10)",
  "::",
  ":::",
  "video[x]",
  "---",
  "```",
  "[^1]",
  "&amp;",
  "&#42;",
  "<b>",
  "<!--",
  "    ",
  "word",
);
const line = fc
  .array(fc.oneof(markdownish, fc.string({ maxLength: 4 })), { maxLength: 12 })
  .map((parts) => parts.join(""));
// The site's text rule refuses C0 controls in what is saved, so no saved post holds one.
const plainPost = fc
  .array(line, { maxLength: 6 })
  .map((lines) => lines.join("\n"))
  .filter((text) => textFault(text) === undefined);

describe("plainToMarkdown", () => {
  it("escapes what Markdown would read, and only that", () => {
    expect(escapeMarkdownLine("# 1. *very* [fine] <b> & 2) ~x~ \\ `c`")).toBe(
      "\\# 1. \\*very\\* \\[fine\\] \\<b> \\& 2) \\~x\\~ \\\\ \\`c\\`",
    );
    expect(escapeMarkdownLine("1. First")).toBe("1\\. First");
    expect(escapeMarkdownLine("12) Twelfth")).toBe("12\\) Twelfth");
    expect(escapeMarkdownLine("> quoted")).toBe("\\> quoted");
    expect(escapeMarkdownLine("- listed")).toBe("\\- listed");
    expect(escapeMarkdownLine("---")).toBe("\\---");
    expect(escapeMarkdownLine("It was fine.")).toBe("It was fine.");
  });

  it("keeps a line that starts with a colon from becoming a directive", () => {
    expect(escapeMarkdownLine("::video[the-kettle]")).toBe("\\::video\\[the-kettle\\]");
    expect(escapeMarkdownLine(":::aside")).toBe("\\:::aside");
    expect(escapeMarkdownLine("Note:see 3:2")).toBe("Note:see 3:2");
    for (const line of ["::video[the-kettle]", ":::aside", ":::", "::x{a=b}"]) {
      expect(renderBody(asMarkdown(line), options)).toBe(renderBody(asPlain(line), options));
    }
  });

  it("makes each line its own paragraph", () => {
    expect(plainToMarkdown("One.\r\n\n  Two.  \nThree.")).toBe("One.\n\nTwo.\n\nThree.");
  });

  it("reads back as the same paragraphs, word for word, whatever the text", () => {
    fc.assert(
      fc.property(plainPost, (plain) => {
        expect(bodyText(asMarkdown(plain))).toBe(bodyText(asPlain(plain)));
      }),
      { numRuns: 200 },
    );
  });

  it("draws the same paragraphs, bare addresses made links", () => {
    fc.assert(
      fc.property(plainPost, (plain) => {
        // A bare address ("a@b.c", "www.x.y") becomes a link with the same words, on purpose.
        const markdown = renderBody(asMarkdown(plain), options)
          .replaceAll("</p>\n", "</p>")
          .replaceAll(/<a [^>]*>|<\/a>/g, "");
        expect(decoded(markdown)).toBe(decoded(renderBody(asPlain(plain), options)));
      }),
      { numRuns: 200 },
    );
  });
});
