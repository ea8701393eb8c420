import { describe, expect, it } from "vitest";
import { parseHit } from "./hit";

const body = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe("parseHit", () => {
  it("reads a view with the host it came from and its campaign tag", () => {
    expect(
      parseHit(body({ p: "/about", k: "view", r: "https://www.News.example/a?b=c", t: "Issue-7" }), "meh.example"),
    ).toEqual({
      path: "/about",
      kind: "view",
      referrer: "news.example",
      tag: "issue-7",
    });
  });

  it("drops the site's own pages as a referrer, and anything that is not a web address", () => {
    for (const r of [
      "https://meh.example/archive",
      "http://www.meh.example/",
      "javascript:alert(1)",
      "not a url",
      "",
    ]) {
      expect(parseHit(body({ p: "/", k: "view", r }), "meh.example")?.referrer).toBeNull();
    }
  });

  it("keeps a tag only when it looks like one", () => {
    expect(parseHit(body({ p: "/", k: "view", t: "<script>" }), "meh.example")?.tag).toBeNull();
    expect(parseHit(body({ p: "/", k: "view", t: "x".repeat(65) }), "meh.example")?.tag).toBeNull();
  });

  it("counts where a read ends, not where it came from", () => {
    expect(parseHit(body({ p: "/post/a", k: "read", r: "https://news.example/", t: "x" }), "meh.example")).toEqual({
      path: "/post/a",
      kind: "read",
      referrer: null,
      tag: null,
    });
  });

  it("refuses what no page of the site sends", () => {
    const refused: Record<string, string>[] = [
      { p: "about", k: "view" },
      { p: "/", k: "click" },
      { k: "view" },
      { p: `/${"a".repeat(600)}`, k: "view" },
    ];
    for (const fields of refused) {
      expect(parseHit(body(fields), "meh.example")).toBeNull();
    }
    expect(parseHit("%%%", "meh.example")).toBeNull();
  });
});
