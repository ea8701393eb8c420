import { describe, expect, it, vi } from "vitest";
import type { AstroGlobal } from "astro";
import { cachePage } from "./page-cache";

describe("cachePage", () => {
  it("keeps the page with its tags and the theme's", () => {
    const set = vi.fn();
    cachePage({ cache: { enabled: true, set } as unknown as AstroGlobal["cache"] }, ["posts"]);
    expect(set).toHaveBeenCalledWith({ maxAge: 3600, swr: 86_400, tags: ["posts", "theme"] });
  });

  it("does nothing, rather than fail, when the page is rendered without a cache (the 404 page for a refused path)", () => {
    expect(() => {
      cachePage({ cache: undefined }, ["posts"]);
    }).not.toThrow();
  });
});
