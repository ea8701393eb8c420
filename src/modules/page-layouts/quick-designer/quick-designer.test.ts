import { describe, expect, it } from "vitest";
import { newElement } from "../defaults";
import { generateCode } from "../generate-code";
import { CANVAS_MARGIN, canvasExtent, codeToCopy, elementName, PALETTE } from "./quick-designer";
import { DESIGNER_ELEMENT_TYPES } from "../schema";

describe("PALETTE", () => {
  it("offers every designer element, as SPEC names them", () => {
    expect(PALETTE.map(({ type }) => type)).toEqual([...DESIGNER_ELEMENT_TYPES]);
    expect(PALETTE.map(({ label }) => label)).toEqual(["Text", "Box", "Button", "Image"]);
  });
});

describe("elementName", () => {
  it("says what the element is and which one", () => {
    expect(elementName(newElement("button", "element-3"))).toBe("Button element-3");
  });
});

describe("codeToCopy", () => {
  it("is the HTML, a blank line and the CSS", () => {
    const code = generateCode([newElement("text", "element-1")]);
    const copied = codeToCopy(code);
    expect(copied).toBe(`${code.html}\n${code.css}`);
    expect(copied).toContain("</div>\n\n.layout {");
  });

  it("keeps one blank line whatever the HTML ends with", () => {
    expect(codeToCopy({ html: "<p></p>", css: "p {}\n" })).toBe("<p></p>\n\np {}\n");
  });
});

describe("canvasExtent", () => {
  it("reaches past the furthest element on each axis", () => {
    const elements = [
      newElement("text", "element-1", { x: 500, y: 0 }),
      newElement("box", "element-2", { x: 0, y: 300 }),
    ];
    expect(canvasExtent(elements)).toEqual({ width: 700 + CANVAS_MARGIN, height: 450 + CANVAS_MARGIN });
  });

  it("is only the margin when there is nothing", () => {
    expect(canvasExtent([])).toEqual({ width: CANVAS_MARGIN, height: CANVAS_MARGIN });
  });
});
