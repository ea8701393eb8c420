import { describe, expect, it } from "vitest";
import { defaultCacheControl, IMMUTABLE, NO_STORE, pickEncoding, PUBLIC_PAGE } from "./http-policy";

describe("pickEncoding", () => {
  it.each([
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["*", "br"],
    ["identity", "identity"],
    [undefined, "identity"],
    ["gzip;q=0", "identity"],
  ] as const)("%s gets %s", (header, encoding) => {
    expect(pickEncoding(header)).toBe(encoding);
  });
});

describe("defaultCacheControl", () => {
  it("chooses per kind", () => {
    expect(defaultCacheControl("/_astro/client.abc.js", 200, false)).toBe(IMMUTABLE);
    expect(defaultCacheControl("/api/posts", 200, false)).toBe(NO_STORE);
    expect(defaultCacheControl("/admin/posts", 200, true)).toBe(NO_STORE);
    expect(defaultCacheControl("/login", 200, false)).toBe(NO_STORE);
    expect(defaultCacheControl("/post/x", 200, true)).toBe("private, no-store");
    expect(defaultCacheControl("/post/x", 200, false)).toBe(PUBLIC_PAGE);
    expect(defaultCacheControl("/post/x", 404, false)).toBe("public, max-age=10");
    expect(defaultCacheControl("/post/x", 500, false)).toBe(NO_STORE);
  });
});
