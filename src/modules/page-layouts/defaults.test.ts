import { describe, expect, it } from "vitest";
import { PLACEHOLDER_IMAGE } from "@/lib/image-url";
import { DEFAULT_STYLES, newElement, START_POSITION } from "./defaults";
import {
  DESIGNER_ELEMENT_TYPES,
  designerElementSchema,
  draftElementSchema,
  ELEMENT_TYPES,
  layoutElementSchema,
  MISSING_ALT,
} from "./schema";

describe("newElement", () => {
  it("makes the designer's elements at the start position (SPEC §9)", () => {
    const sizes = ELEMENT_TYPES.map((type) => {
      const { x, y, width, height, content } = newElement(type, "element-1");
      return { type, x, y, width, height, content };
    });
    expect(sizes).toEqual([
      { type: "text", ...START_POSITION, width: 200, height: 40, content: "Sample Text" },
      { type: "image", ...START_POSITION, width: 200, height: 150, content: "" },
      { type: "button", ...START_POSITION, width: 120, height: 40, content: "Button" },
      { type: "box", ...START_POSITION, width: 200, height: 150, content: "" },
      { type: "container", ...START_POSITION, width: 300, height: 200, content: "" },
    ]);
  });

  it("makes the home editor's elements with its own content (SPEC §9)", () => {
    const at = { x: 5, y: 6 };
    expect(newElement("text", "a", at, "home")).toMatchObject({ x: 5, y: 6, content: "New Text Element" });
    expect(newElement("button", "a", at, "home")).toMatchObject({
      width: 120,
      height: 40,
      content: "Click Me",
      href: "/archive",
    });
    expect(newElement("button", "a", at, "designer")).not.toHaveProperty("href");
    expect(newElement("image", "a", at, "home")).toMatchObject({ width: 200, height: 150, content: PLACEHOLDER_IMAGE });
  });

  it("gives each element its own copy of the default styles", () => {
    const button = newElement("button", "element-1");
    expect(button.styles).toEqual({
      backgroundColor: "#5a67d8",
      color: "#ffffff",
      borderRadius: "6px",
      padding: "12px 24px",
      fontSize: "14px",
      fontWeight: "600",
    });
    expect(button.styles).not.toBe(DEFAULT_STYLES.button);
  });

  it("gives the home editor's button a background white text can be read on (WCAG AA, 4.5:1)", () => {
    const home = newElement("button", "element-1", START_POSITION, "home");
    expect(home.styles).toEqual({ ...DEFAULT_STYLES.button, backgroundColor: "#5a67d8" });
    expect(newElement("text", "element-2", START_POSITION, "home").styles).toEqual(DEFAULT_STYLES.text);
  });

  it("makes only elements the schemas accept, an image waiting for its words", () => {
    for (const type of ELEMENT_TYPES) {
      expect(draftElementSchema.safeParse(newElement(type, "element-1")).success).toBe(true);
      expect(draftElementSchema.safeParse(newElement(type, "element-1", START_POSITION, "home")).success).toBe(true);
    }
    // The owner says what a new image shows, or that it only decorates, before it can be saved.
    expect(layoutElementSchema.safeParse(newElement("image", "element-1")).error?.issues).toMatchObject([
      { path: ["alt"], message: MISSING_ALT },
    ]);
    for (const type of DESIGNER_ELEMENT_TYPES) {
      expect(designerElementSchema.safeParse(newElement(type, "element-7")).success).toBe(true);
    }
  });
});
