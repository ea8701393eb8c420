import { describe, expect, it } from "vitest";
import { defaultCacheControl, IMMUTABLE, NO_STORE, pickEncoding, PUBLIC_PAGE, waitsOnOutside } from "./http-policy";

describe("pickEncoding", () => {
  it.each([
    // What browsers send
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
    // What a CDN or a load generator sends
    ["br", "br"],
    ["br, gzip", "br"],
    ["gzip, br", "br"],
    [undefined, "identity"],
    ["", "identity"],
    // Codings are case-insensitive
    ["GZIP", "gzip"],
    ["Gzip, BR", "br"],
    // and compared whole
    ["xbr", "identity"],
    ["xbr, gzip", "gzip"],
    ["brotli", "identity"],
    ["gzipx", "identity"],
    ["x-gzip", "identity"],
    // q=0 refuses
    ["br;q=0, gzip", "gzip"],
    ["br;q=0, gzip;q=0", "identity"],
    ["gzip;q=0", "identity"],
    ["br; Q=0 , gzip", "gzip"],
    ["br;q=0.000, gzip", "gzip"],
    // the highest weight wins, brotli on a tie
    ["br;q=0.5, gzip;q=0.8", "gzip"],
    ["gzip;q=0.8, br;q=0.8", "br"],
    ["gzip;q=0.5", "gzip"],
    ["gzip;q=0.1, identity", "identity"],
    ["identity", "identity"],
    ["identity;q=0, gzip;q=0.1", "gzip"],
    // `*` covers what is not named
    ["*", "br"],
    ["*;q=0", "identity"],
    ["br;q=0, *", "gzip"],
    ["gzip, *;q=0", "gzip"],
    // a malformed weight counts as 1; the first mention of a coding counts
    ["br;q=abc", "br"],
    ["br;q=0, br", "identity"],
    [" , ;q=1, ", "identity"],
  ] as const)("%j gets %s", (header, encoding) => {
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
    expect(defaultCacheControl("/post/x", 404, false)).toBe(PUBLIC_PAGE);
    expect(defaultCacheControl("/post/x", 500, false)).toBe(NO_STORE);
  });
});

describe("waitsOnOutside", () => {
  it.each([
    ["POST", "/api/nickname/generate", true],
    ["POST", "/nickname-generator", true],
    ["GET", "/nickname-generator", false],
    ["GET", "/uploads/images/a.webp", true],
    ["HEAD", "/uploads/videos/a.mp4", true],
    ["DELETE", "/uploads/images/a.webp", false],
    ["GET", "/api/objects/upload-url", true],
    ["PUT", "/api/objects/upload", true],
    ["POST", "/api/objects/normalize", true],
    ["POST", "/api/data/archive", true],
    ["GET", "/archive", false],
    ["POST", "/api/posts", false],
  ])("%s %s: %s", (method, path, expected) => {
    expect(waitsOnOutside(method, path)).toBe(expected);
  });
});
