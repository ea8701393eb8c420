import { describe, expect, it } from "vitest";
import { pageKey } from "./page-key";

describe("pageKey", () => {
  it("keeps only the parameters pages read, sorted", () => {
    expect(pageKey(new URL("http://x/archive?search=a&utm_source=n&category=b"))).toBe("/archive?category=b&search=a");
    expect(pageKey(new URL("http://x/?fbclid=1"))).toBe("/");
  });

  it("makes made-up parameters the page without them, so they cannot fill the store", () => {
    const keys = new Set(
      Array.from({ length: 1000 }, (_, i) => pageKey(new URL(`http://x/post/the-sandwich-was-fine?junk${i}=${i}`))),
    );
    expect([...keys]).toEqual(["/post/the-sandwich-was-fine"]);
  });
});

it("keeps a page in safe mode or as the theme preview apart from the page itself", () => {
  expect(pageKey(new URL("http://x/?safe-theme=1"))).toBe("/?safe-theme=1");
  expect(pageKey(new URL("http://x/about?theme-preview=1&utm_source=n"))).toBe("/about?theme-preview=1");
});
