import { describe, expect, it } from "vitest";
import { newElement } from "./defaults";
import { contentFault, moved, resized, withContent, withStyle } from "./element-edits";
import { MAX_CONTENT } from "./schema";

const text = newElement("text", "element-1");
const image = newElement("image", "element-2");

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
