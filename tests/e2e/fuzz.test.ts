import fc from "fast-check";
import { postImageInputSchema, postInputSchema } from "../../src/modules/posts/schema";
import { videoInputSchema } from "../../src/modules/videos/schema";
import { expect, test } from "./fixtures";

// Bad input of every shape to every write endpoint: the answer is always a 4xx (never a
// 500, never a success) and nothing is written.
const RUNS = 1000;

const validPost = { title: "Fuzz", excerpt: "x", content: "x", category: "Meh Moments" };
const validVideo = {
  title: "Fuzz",
  description: "x",
  category: "Meh Moments",
  videoUrl: "/uploads/x.mp4",
  thumbnailUrl: "/uploads/x.jpg",
  duration: 1,
};

/** Any JSON, or a valid payload with one field made wrong, or with a field it must not have. */
function badPayload(valid: Record<string, unknown>) {
  const keys = Object.keys(valid);
  return fc.oneof(
    fc.jsonValue(),
    fc
      .record({ key: fc.constantFrom(...keys), value: fc.jsonValue() })
      .map(({ key, value }) => ({ ...valid, [key]: value })),
    fc.constantFrom(...keys).map((key) => Object.fromEntries(Object.entries(valid).filter(([k]) => k !== key))),
    fc
      .record({ key: fc.constantFrom("id", "publishedAt", "search", "__proto__x", "extra"), value: fc.jsonValue() })
      .map(({ key, value }) => ({ ...valid, [key]: value })),
    fc
      .constantFrom("javascript:alert(1)", "data:text/html,x", "//evil.example/x", "ftp://x")
      .map((url) => ({ ...valid, imageUrl: url, videoUrl: url, thumbnailUrl: url })),
  );
}

const cases = [
  { method: "POST", path: "/api/posts", valid: validPost, schema: postInputSchema },
  { method: "PUT", path: "/api/posts/1", valid: validPost, schema: postInputSchema },
  { method: "POST", path: "/api/videos", valid: validVideo, schema: videoInputSchema },
  { method: "PUT", path: "/api/videos/1", valid: validVideo, schema: videoInputSchema },
  { method: "POST", path: "/api/posts/1/images", valid: { imageUrl: "/uploads/x.jpg" }, schema: postImageInputSchema },
] as const;

for (const { method, path, valid, schema } of cases) {
  test(`${method} ${path} answers ${String(RUNS)} bad inputs with 4xx and writes nothing`, async ({ admin }) => {
    test.setTimeout(120_000);
    const before = await (await admin.get("/api/posts/1/images")).text();
    await fc.assert(
      fc.asyncProperty(
        badPayload(valid).filter((payload) => !schema.safeParse(payload).success),
        async (payload) => {
          const response = await admin.fetch(path, {
            method,
            data: JSON.stringify(payload),
            headers: { "Content-Type": "application/json" },
          });
          return response.status() >= 400 && response.status() < 500;
        },
      ),
      { numRuns: RUNS },
    );
    // Other tests publish alongside this one, so "nothing written" is checked where only
    // this test could write: post 1's gallery, and items titled as the payloads are.
    expect(await (await admin.get("/api/posts/1/images")).text()).toBe(before);
    for (const list of ["/api/posts", "/api/videos"]) {
      const items = (await (await admin.get(list)).json()) as { title: string }[];
      expect(
        items.filter((item) => item.title === "Fuzz"),
        list,
      ).toEqual([]);
    }
  });
}

test("ids in write paths that are not ids get 400, unknown ones 404", async ({ admin }) => {
  await fc.assert(
    fc.asyncProperty(
      fc
        .string({ minLength: 1, maxLength: 30 })
        .filter((s) => !/^[1-9]\d{0,9}$/.test(s) && !s.includes("/") && !s.includes("?") && !s.includes("#")),
      async (ref) => {
        const status = (await admin.delete(`/api/posts/${encodeURIComponent(ref)}`)).status();
        return status === 400 || status === 404;
      },
    ),
    { numRuns: 300 },
  );
});
