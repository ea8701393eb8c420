import { describe, expect, it } from "vitest";
import { PLACEHOLDER_IMAGE } from "@/lib/image-url";
import { newElement } from "./defaults";
import { imageSource, publishedElements, publishedLayoutCss } from "./published-layout";

const heading = { ...newElement("text", "element-1", { x: 600, y: 20 }), content: "Still here" };
const picture = { ...newElement("image", "element-2", { x: 0, y: 20 }), content: "/uploads/images/kettle.jpg" };
const box = newElement("box", "element-3", { x: 0, y: 300 });

describe("publishedElements", () => {
  it("lists valid elements in reading order: top to bottom, then left to right", () => {
    expect(publishedElements([box, heading, picture]).map((e) => e.id)).toEqual([
      "element-2",
      "element-1",
      "element-3",
    ]);
  });

  it("drops elements the schema refuses, and repeats of an id", () => {
    const hostile = { ...heading, id: "element-9", styles: { color: "red; position: fixed" } };
    expect(publishedElements([heading, hostile, { ...heading, content: "again" }, null]).map((e) => e.content)).toEqual(
      ["Still here"],
    );
  });

  it("loads only the site's own images; another site's and an empty one show the placeholder", () => {
    const elsewhere = { ...picture, id: "element-4", content: "https://example.com/a.jpg" };
    const empty = { ...picture, id: "element-5", content: "" };
    expect(publishedElements([picture, elsewhere, empty]).map((e) => e.src)).toEqual([
      "/uploads/images/kettle.jpg",
      PLACEHOLDER_IMAGE,
      PLACEHOLDER_IMAGE,
    ]);
  });

  it("gives an image its alt text, and an empty alt when the owner marked it decorative", () => {
    const described = { ...picture, alt: "A kettle on the sill" };
    const decorative = { ...picture, id: "element-4", y: 40, decorative: true };
    expect(publishedElements([described, decorative]).map((e) => e.alt)).toEqual(["A kettle on the sill", ""]);
    expect(publishedElements([heading])[0]).not.toHaveProperty("alt");
  });
});

describe("publishedLayoutCss", () => {
  it("places each element as a share of the 1200 px design width, layered in the owner's order", () => {
    const css = publishedLayoutCss([heading, box]);
    expect(css).toContain(".designed-layout__canvas { min-height: calc(450cqi / 12); }");
    expect(css).toContain(
      ".designed-layout__element-1 { margin-left: calc(600cqi / 12); margin-top: calc(20cqi / 12); width: calc(200cqi / 12); min-height: calc(40cqi / 12); z-index: 1; font-size: max(12px, calc(16cqi / 12)); color: #333333;",
    );
    expect(css).toContain("z-index: 2; background-color: #667eea; border-radius: calc(8cqi / 12); border: none; }");
  });

  it("stacks elements at their own widths on narrow screens, never wider than the screen", () => {
    const css = publishedLayoutCss([picture, heading]);
    const stacked = css.slice(css.indexOf("@container (width < 760px)"));
    expect(stacked).toContain(
      ".designed-layout__element-2 { margin: 0; width: min(100%, 200px); height: auto; aspect-ratio: 200 / 150; background-color: #f0f0f0; border-radius: 8px; object-fit: cover; }",
    );
    expect(stacked).toContain(
      ".designed-layout__element-1 { margin: 0; width: min(100%, 200px); height: auto; min-height: 0; font-size: 16px;",
    );
    expect(stacked.indexOf("element-2")).toBeLessThan(stacked.indexOf("element-1"));
  });

  it("writes out nothing a hostile element carries", () => {
    const hostile = { ...heading, id: "element-9", styles: { color: "red} body{display:none" } };
    expect(publishedLayoutCss([hostile])).not.toMatch(/display:none|element-9/);
  });

  it("gives the same bytes for the same elements", () => {
    expect(publishedLayoutCss([heading, picture, box])).toBe(publishedLayoutCss([heading, picture, box]));
  });
});

describe("imageSource", () => {
  it("keeps the site's own images and puts the placeholder for any other", () => {
    expect(imageSource("/uploads/images/kettle.jpg")).toBe("/uploads/images/kettle.jpg");
    expect(imageSource("https://images.example/a.png")).toBe(PLACEHOLDER_IMAGE);
    expect(imageSource("//images.example/a.png")).toBe(PLACEHOLDER_IMAGE);
  });
});
