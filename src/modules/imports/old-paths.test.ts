import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { redirectPath, SITE_SEGMENTS } from "./old-paths";

describe("redirectPath", () => {
  it("keeps an old address's path as a request names it, without its trailing slash", () => {
    expect(redirectPath("/2019/05/some-post/")).toBe("/2019/05/some-post");
    expect(redirectPath("https://old.blog/p/some-post?utm_source=x#top")).toBe("/p/some-post");
    expect(redirectPath("/@name/some-post-1a2b3c")).toBe("/@name/some-post-1a2b3c");
    expect(redirectPath("/p/ça-va")).toBe("/p/%C3%A7a-va");
    expect(redirectPath("/p/%C3%A7a-va/")).toBe("/p/%C3%A7a-va");
    expect(redirectPath("/2020/06/caf%c3%a9-thoughts/")).toBe("/2020/06/caf%C3%A9-thoughts");
    expect(redirectPath("/a/../b/")).toBe("/b");
  });

  it("never takes the home page or an address the site answers itself", () => {
    for (const address of [
      "/",
      "",
      "https://old.blog/",
      "/post/kettles",
      "/archive/",
      "/Admin",
      "/api/posts",
      "/uploads/a.jpg",
    ]) {
      expect(redirectPath(address)).toBeNull();
    }
  });

  it("knows every page, route and public file the site has", () => {
    const names = (dir: string) =>
      readdirSync(new URL(dir, import.meta.url)).map((name) => name.replace(/\.(astro|ts)$/, ""));
    // `index` is the home page, which is never a redirect.
    const own = [...names("../../pages/"), ...names("../../../public/")].filter((name) => name !== "index");
    for (const name of own) {
      expect(SITE_SEGMENTS.has(name.toLowerCase()), name).toBe(true);
    }
  });
});
