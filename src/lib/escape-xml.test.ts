import { describe, expect, it } from "vitest";
import { escapeXml } from "./escape-xml";

describe("escapeXml", () => {
  it("escapes the five XML special characters and leaves other text alone", () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe("a&amp;b&lt;c&gt;d&quot;e&#39;f");
    expect(escapeXml("plain-slug_1")).toBe("plain-slug_1");
    expect(escapeXml("&amp;")).toBe("&amp;amp;");
  });
});
