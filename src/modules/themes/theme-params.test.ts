import { describe, expect, it } from "vitest";
import { keepSafeMode, wearsDefaultOnly } from "../../lib/theme-params";

describe("wearsDefaultOnly", () => {
  it("is the default theme in safe mode, in the editor's preview, or when the setting says so", () => {
    expect(wearsDefaultOnly(new URL("http://x/about"), false)).toBe(false);
    expect(wearsDefaultOnly(new URL("http://x/about?safe-theme"), false)).toBe(true);
    expect(wearsDefaultOnly(new URL("http://x/about?safe-theme=1"), false)).toBe(true);
    expect(wearsDefaultOnly(new URL("http://x/?theme-preview=1"), false)).toBe(true);
    expect(wearsDefaultOnly(new URL("http://x/about"), true)).toBe(true);
  });
});

describe("keepSafeMode", () => {
  it("carries safe mode onto a link from a page in safe mode, and only then", () => {
    const safe = new URL("http://x/login?safe-theme=1");
    expect(keepSafeMode("/admin", safe)).toBe("/admin?safe-theme=1");
    expect(keepSafeMode("/archive?category=Meh#top", safe)).toBe("/archive?category=Meh&safe-theme=1#top");
    expect(keepSafeMode("/admin", new URL("http://x/login"))).toBe("/admin");
  });
});
