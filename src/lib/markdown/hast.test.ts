import type { Root } from "hast";
import { describe, expect, it } from "vitest";
import { SKIP_CHILDREN, eachElement, h, text } from "./hast";

const tree = (): Root => ({
  type: "root",
  children: [h("p", {}, [h("em", {}, [text("a")]), h("b", {})]), h("section", {}, [h("li", {})]), h("hr", {})],
});

describe("eachElement", () => {
  it("walks every element depth first, in document order", () => {
    const seen: string[] = [];
    eachElement(tree(), (node) => void seen.push(node.tagName));
    expect(seen).toEqual(["p", "em", "b", "section", "li", "hr"]);
  });

  it("passes over an element's children when told to", () => {
    const seen: string[] = [];
    eachElement(tree(), (node) => {
      seen.push(node.tagName);
      return node.tagName === "section" ? SKIP_CHILDREN : undefined;
    });
    expect(seen).toEqual(["p", "em", "b", "section", "hr"]);
  });

  it("goes on from the index it is given after the parent's children change", () => {
    const root = tree();
    const seen: string[] = [];
    eachElement(root, (node, parent, index) => {
      seen.push(node.tagName);
      if (node.tagName !== "b") return;
      parent.children.splice(index, 1, h("i", {}), h("u", {}));
      return index + 2;
    });
    expect(seen).toEqual(["p", "em", "b", "section", "li", "hr"]);
    expect((root.children[0] as { children: { tagName: string }[] }).children.map((c) => c.tagName)).toEqual([
      "em",
      "i",
      "u",
    ]);
  });
});
