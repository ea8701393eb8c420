import { describe, expect, it } from "vitest";
import { newElement } from "./defaults";
import { describeSelection, elementName, placement } from "./element-description";

describe("elementName", () => {
  it("names an element by its kind and what it says", () => {
    expect(elementName(newElement("text", "element-1"))).toBe("Text “Sample Text”");
    expect(elementName(newElement("box", "element-1"))).toBe("Box");
    expect(elementName({ type: "image", content: "/uploads/images/a.webp" })).toBe("Image");
  });

  it("keeps long or multi-line content to one short line", () => {
    expect(elementName({ type: "text", content: "one\n  two" })).toBe("Text “one two”");
    expect(elementName({ type: "text", content: "x".repeat(40) })).toBe(`Text “${"x".repeat(29)}…”`);
  });
});

describe("describeSelection", () => {
  it("says what is selected, where and how big", () => {
    expect(placement(newElement("button", "element-1"))).toBe("x 100, y 100, 120 by 40 pixels");
    expect(describeSelection(newElement("button", "element-1"))).toBe(
      "Button “Button” selected at x 100, y 100, 120 by 40 pixels.",
    );
    expect(describeSelection(undefined)).toBe("No element selected.");
  });
});
