import type { Root } from "mdast";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { describe, expect, it } from "vitest";
import { remarkBlockDirectives } from "./block-directives";

const parse = (source: string): Root => unified().use(remarkParse).use(remarkBlockDirectives).parse(source);
const kinds = (source: string) => parse(source).children.map((node) => node.type);

describe("remarkBlockDirectives", () => {
  it("reads a container and a leaf directive, each from the start of its line", () => {
    expect(kinds(":::aside\nWords.\n:::\n\n::video[the-kettle]")).toEqual(["containerDirective", "leafDirective"]);
    const [box] = parse(":::aside[A title]{.x}\nWords.\n:::").children;
    expect(box).toMatchObject({ type: "containerDirective", name: "aside", attributes: { class: "x" } });
  });

  it("never reads a colon within a line as a directive", () => {
    for (const prose of ["Note:see the list.", "A ratio of 3:2.", "At 10:30:00, :smile: and :abbr[HTML]."]) {
      const [paragraph] = parse(prose).children;
      expect(paragraph).toMatchObject({ type: "paragraph", children: [{ type: "text", value: prose }] });
    }
  });
});
