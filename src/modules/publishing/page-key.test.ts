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
