import { describe, expect, it } from "vitest";
import { canvasLook, toPixels, type PageText } from "./canvas-style";
import { newElement } from "./defaults";
import type { LayoutElement } from "./schema";

const page: PageText = { fontFamily: "Georgia, serif", fontSize: 16, lineHeight: 1.6, colour: "#262524" };

const styled = (element: LayoutElement, styles: LayoutElement["styles"]): LayoutElement => ({ ...element, styles });

describe("toPixels", () => {
  it("reads px, rem, em and % lengths", () => {
    expect(toPixels("12px", 20, 100)).toBe(12);
    expect(toPixels("1.5rem", 20, 100)).toBe(24);
    expect(toPixels("2em", 20, 100)).toBe(40);
    expect(toPixels("50%", 20, 300)).toBe(150);
    expect(toPixels("0", 20, 100)).toBe(0);
    expect(toPixels("wide", 20, 100)).toBe(0);
  });
});

describe("canvasLook", () => {
  it("reads the designer's default text", () => {
    expect(canvasLook(newElement("text", "element-1"), page)).toEqual({
      fill: "transparent",
      cornerRadius: [4, 4, 4, 4],
      border: undefined,
      padding: [10, 10, 10, 10],
      fontSize: 16,
      fontWeight: "normal",
      fontFamily: "Georgia, serif",
      lineHeight: 1.6,
      colour: "#333333",
      align: "left",
      verticalAlign: "top",
    });
  });

  it("centres a button's text and spreads two paddings over four sides", () => {
    const look = canvasLook(newElement("button", "element-1"), page);
    expect(look).toMatchObject({
      padding: [12, 24, 12, 24],
      fontSize: 14,
      fontWeight: "600",
      colour: "#ffffff",
      align: "center",
      verticalAlign: "middle",
    });
  });

  it("takes what an element does not set from the page", () => {
    const look = canvasLook(newElement("container", "element-1"), page);
    expect(look).toMatchObject({ fill: undefined, fontSize: 16, colour: "#262524", padding: [0, 0, 0, 0] });
  });

  it("reads borders, with the text's colour when none is named", () => {
    const box = newElement("box", "element-1");
    expect(canvasLook(styled(box, { border: "2px dashed #cccccc" }), page).border).toEqual({
      width: 2,
      colour: "#cccccc",
      dash: [6, 4],
    });
    expect(canvasLook(styled(box, { border: "1px solid", color: "red" }), page).border).toEqual({
      width: 1,
      colour: "red",
      dash: undefined,
    });
    expect(canvasLook(styled(box, { border: "none" }), page).border).toBeUndefined();
    expect(canvasLook(styled(box, { border: "0 solid" }), page).border).toBeUndefined();
  });

  it("keeps a corner's radius within half the element's shorter side", () => {
    const box = { ...newElement("box", "element-1"), width: 100, height: 40 };
    expect(canvasLook(styled(box, { borderRadius: "50%" }), page).cornerRadius).toEqual([20, 20, 20, 20]);
    expect(canvasLook(styled(box, { borderRadius: "4px 8px" }), page).cornerRadius).toEqual([4, 8, 4, 8]);
  });

  it("reads line heights as multiples of the font size", () => {
    const text = newElement("text", "element-1");
    expect(canvasLook(styled(text, { lineHeight: "1.5" }), page).lineHeight).toBe(1.5);
    expect(canvasLook(styled(text, { lineHeight: "24px", fontSize: "16px" }), page).lineHeight).toBe(1.5);
    expect(canvasLook(styled(text, { lineHeight: "normal" }), page).lineHeight).toBe(1.2);
  });

  it("paints currentcolor in the text's colour and follows an alignment", () => {
    const text = newElement("text", "element-1");
    const look = canvasLook(
      styled(text, { color: "#112233", backgroundColor: "currentColor", textAlign: "Right" }),
      page,
    );
    expect(look).toMatchObject({ fill: "#112233", align: "right" });
  });
});
