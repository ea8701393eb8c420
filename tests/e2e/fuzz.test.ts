import fc from "fast-check";
import { expect, test } from "./fixtures";

// Hostile URLs through the real server, which the service-level fuzz of every /api route
// (tests/input-fuzz.ts) cannot reach: bytes as sent, decoded by Node and
// Astro, read by pages as well as routes. Never a 5xx.
const RUNS = 120;

/** Any bytes, each percent-encoded, so NUL and invalid UTF-8 arrive as sent. */
const rawBytes = fc
  .uint8Array({ maxLength: 12 })
  .map((bytes) => Array.from(bytes, (byte) => `%${byte.toString(16).padStart(2, "0")}`).join(""));

const component = fc.oneof(
  rawBytes,
  fc.constantFrom(
    "%00",
    "a%00b",
    "%ED%A0%80",
    "%FF",
    "%C0%80",
    "%0A",
    "%1B%5B31m",
    "..%2F..%2Fetc%2Fpasswd",
    "%2e%2e%2f%2e%2e%2f",
    "javascript:alert(1)",
    "%2F%2Fevil.example",
    "%27%20or%20%271%27%3D%271",
    "%F0%9F%99%82",
    "%E2%80%AE",
    "x".repeat(3000),
  ),
  fc.string({ unit: "binary", maxLength: 20 }).map(encodeURIComponent),
);

const TARGETS = [
  "/post/",
  "/videos/",
  "/uploads/images/",
  "/archive?search=",
  "/archive?category=",
  "/videos?search=",
  "/videos?category=",
  "/archive?page=",
  "/videos?search=a&page=",
  "/?category=",
  "/newsletter/try-again?reason=",
  "/newsletter/confirm?token=",
  "/newsletter/unsubscribe?token=",
  "/preview/",
  "/api/posts/",
  "/api/posts/search?q=",
  "/api/videos?category=",
  "/api/posts?page=",
  "/api/posts?limit=",
  "/api/videos/search?q=a&view=",
  "/sitemap/",
];

for (const target of TARGETS) {
  test(`${target}… answers any bytes without a 5xx`, async ({ request }) => {
    test.setTimeout(120_000);
    await fc.assert(
      fc.asyncProperty(component, async (part) => {
        const response = await request.get(target + part, { maxRedirects: 0 });
        expect(response.status(), target + part).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
  });
}

test.describe("text no page can read", () => {
  for (const [url, status] of [
    ["/post/a%00b", 404],
    ["/videos/a%00b", 404],
    ["/archive?search=a%00b", 400],
    ["/videos?search=%01", 400],
    ["/?category=%00", 400],
  ] as const) {
    test(`${url} is ${String(status)}`, async ({ request }) => {
      expect((await request.get(url)).status()).toBe(status);
    });
  }
});
