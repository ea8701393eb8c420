import { describe, expect, it } from "vitest";
import { MAX_PAGE } from "@/lib/paging";
import { pageKey } from "./page-key";

describe("pageKey", () => {
  it("keeps only the parameters pages read, sorted", () => {
    expect(pageKey(new URL("http://x/archive?search=a&utm_source=n&category=Meh+Moments"))).toBe(
      "/archive?category=Meh+Moments&search=a",
    );
    expect(pageKey(new URL("http://x/?fbclid=1"))).toBe("/");
  });

  it("makes made-up parameters the page without them, so they cannot fill the store", () => {
    const keys = new Set(
      Array.from({ length: 1000 }, (_, i) => pageKey(new URL(`http://x/post/the-sandwich-was-fine?junk${i}=${i}`))),
    );
    expect([...keys]).toEqual(["/post/the-sandwich-was-fine"]);
  });

  it("reads each parameter as pages do: first value, trimmed search, one of the four categories, a page past the first", () => {
    const key = (query: string) => pageKey(new URL(`http://x/archive${query}`));
    expect(key("?category=Nothing+Special&page=abc&search=+++")).toBe("/archive");
    expect(key("?page=1")).toBe("/archive");
    expect(key("?page=01")).toBe("/archive");
    expect(key("?page=2")).toBe("/archive?page=2");
    expect(key("?page=99999")).toBe(`/archive?page=${String(MAX_PAGE)}`);
    expect(key("?search=+hold+music+")).toBe("/archive?search=hold+music");
    expect(key("?category=Meh+Moments&category=junk")).toBe("/archive?category=Meh+Moments");
    // What the site refuses (400) is never the page without it.
    expect(key("?category=%00")).toBe("/archive?category=%00");
  });

  it("makes made-up values the page without them, so they cannot fill the store either", () => {
    const keys = new Set(
      Array.from({ length: 1000 }, (_, i) => pageKey(new URL(`http://x/?category=junk${i}&page=x${i}`))),
    );
    expect([...keys]).toEqual(["/"]);
  });
});

it("keeps a page in safe mode or as the theme preview apart from the page itself", () => {
  expect(pageKey(new URL("http://x/?safe-theme=1"))).toBe("/?safe-theme=1");
  expect(pageKey(new URL("http://x/about?theme-preview=1&utm_source=n"))).toBe("/about?theme-preview=1");
});

it("keeps only what the page itself reads: a listing's parameters split no other page", () => {
  expect(pageKey(new URL("http://x/?page=7&search=kettle&category=Meh+Moments"))).toBe("/?category=Meh+Moments");
  expect(pageKey(new URL("http://x/about?search=kettle&page=2&category=Meh+Moments"))).toBe("/about");
  expect(pageKey(new URL("http://x/videos?page=2&search=bus"))).toBe("/videos?page=2&search=bus");
  expect(pageKey(new URL("http://x/archive/?page=2"))).toBe("/archive/?page=2");
  expect(pageKey(new URL("http://x/newsletter/try-again?reason=invalid"))).toBe("/newsletter/try-again?reason=invalid");
  expect(pageKey(new URL("http://x/newsletter/try-again?reason=junk"))).toBe("/newsletter/try-again");
  expect(pageKey(new URL("http://x/about?safe-theme=anything"))).toBe("/about?safe-theme=1");
  // Refused text stays refused wherever it is sent.
  expect(pageKey(new URL("http://x/about?search=%00"))).toBe("/about?search=%00");
});
