import { describe, expect, it } from "vitest";
import { newElement } from "./defaults";
import { saveRefusal } from "./save-refusal";

describe("saveRefusal", () => {
  it("names the image that has no words and the field that would say them", () => {
    const text = newElement("text", "element-1");
    expect(saveRefusal([text, newElement("image", "element-2")])).toEqual({
      id: "element-2",
      message: "Image (alt text): Describe the image, or mark it decorative.",
    });
  });

  it("has nothing to say of a layout the server would save", () => {
    const image = newElement("image", "element-2");
    expect(
      saveRefusal([
        { ...image, alt: "A kettle" },
        { ...image, id: "element-3", decorative: true },
      ]),
    ).toBeUndefined();
    expect(saveRefusal([])).toBeUndefined();
  });
});
