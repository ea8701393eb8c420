import { describe, expect, it } from "vitest";
import { newElement } from "./defaults";
import {
  altFault,
  contentFault,
  moved,
  resized,
  withAlt,
  withContent,
  withDecorative,
  withStyle,
} from "./element-edits";
import { MAX_ALT, MAX_CONTENT, MISSING_ALT } from "./schema";

const text = newElement("text", "element-1");
const image = newElement("image", "element-2");

describe("an image's words", () => {
  it("take alt text, trimmed, which makes a decorative image a described one", () => {
    const decorative = withDecorative(image, true);
    expect(decorative).toMatchObject({ decorative: true });
    expect(withAlt(decorative, "  A kettle ")).toEqual({ ...image, alt: "A kettle" });
    expect(withAlt(image, "A kettle").alt).toBe("A kettle");
  });

  it("drop alt text when the image is marked decorative, and blank words leave it undescribed", () => {
    const described = withAlt(image, "A kettle");
    expect(withDecorative(described, true)).toEqual({ ...image, decorative: true });
    expect(withDecorative(withDecorative(image, true), false)).toEqual(image);
    expect(withAlt(described, "  ")).toEqual(image);
  });

  it("change nothing past the limit, on anything but an image, or when nothing changes", () => {
    expect(withAlt(image, "a".repeat(MAX_ALT + 1))).toBe(image);
    expect(withAlt(text, "Hello")).toBe(text);
    expect(withDecorative(text, true)).toBe(text);
    expect(withDecorative(image, false)).toBe(image);
  });

  it("say why an image could not be saved with the words typed", () => {
    expect(altFault(image, "")).toBe(MISSING_ALT);
    expect(altFault(image, "a".repeat(MAX_ALT + 1))).toBe(`At most ${MAX_ALT} characters`);
    expect(altFault(image, "A kettle")).toBeUndefined();
    expect(altFault(withDecorative(image, true), "")).toBeUndefined();
  });
});

describe("element edits", () => {
  it("hand back the same element when nothing changes, so no undo step is recorded", () => {
    expect(moved(text, 100.2, 99.8)).toBe(text);
    expect(resized(text, { width: 200, height: 40, x: 100 })).toBe(text);
    expect(withContent(text, "Sample Text")).toBe(text);
    expect(withStyle(text, "color", " #333333 ")).toBe(text);
    expect(withStyle(text, "border", "")).toBe(text);
  });

  it("refuse what the schema would refuse", () => {
    expect(withContent(image, "data:image/png;base64,AAAA")).toBe(image);
    expect(withContent(image, "//evil.example/a.png")).toBe(image);
    expect(withStyle(text, "padding", "10px !important")).toBe(text);
    expect(withStyle(text, "fontSize", "expression(alert(1))")).toBe(text);
  });

  it("change what they are asked to, within the limits", () => {
    expect(moved(text, 33, -8, true)).toMatchObject({ x: 40, y: 0 });
    expect(resized(text, { width: 80.5, height: 0, y: 60 })).toMatchObject({ x: 100, y: 60, width: 81, height: 0 });
    expect(withContent(image, "https://images.example/a.jpg").content).toBe("https://images.example/a.jpg");
    expect(withContent(text, "  spaced  ").content).toBe("  spaced  ");
    expect(withStyle(text, "textAlign", "center").styles.textAlign).toBe("center");
    expect(withStyle(text, "padding", "").styles).not.toHaveProperty("padding");
  });

  it("say why content is refused, exactly when it is", () => {
    for (const typed of ["javascript:alert(1)", "//evil.example/a.png", "data:image/png;base64,AAAA"]) {
      expect(withContent(image, typed)).toBe(image);
      expect(contentFault(image, typed)).toEqual(expect.any(String));
    }
    expect(contentFault(text, "x".repeat(MAX_CONTENT + 1))).toBe(`At most ${MAX_CONTENT} characters`);
    expect(contentFault(image, " https://images.example/a.jpg ")).toBeUndefined();
    expect(contentFault(image, "")).toBeUndefined();
    expect(contentFault(text, "Hello")).toBeUndefined();
  });
});
