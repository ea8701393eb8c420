import { describe, expect, it } from "vitest";
import { loginSchema } from "@/modules/auth/schema";
import { postInputSchema } from "@/modules/posts/schema";
import { videoInputSchema } from "@/modules/videos/schema";
import { searchQuery, slugParam } from "@/lib/query-schemas";

const CONTROL = "Must not contain control characters";
const ONE_LINE = "Must be one line without control characters";
const UNICODE = "Must be valid Unicode text";

// Every boundary reads its input with one of these schemas (src/lib/acceptable-text.ts).
describe("the shared schemas keep the rule", () => {
  const post = { title: "A title", excerpt: "x", content: "x", category: "Meh Moments" };
  const video = { ...post, description: "x", videoUrl: "/uploads/videos/a.mp4", thumbnailUrl: "/a.jpg", duration: 1 };

  it.each([
    ["post title", postInputSchema, { ...post, title: "a\u0000b" }, "title", ONE_LINE],
    ["post title on two lines", postInputSchema, { ...post, title: "a\nb" }, "title", ONE_LINE],
    ["post content", postInputSchema, { ...post, content: "\ud800" }, "content", UNICODE],
    ["post analysis text", postInputSchema, { ...post, existentialEcho: "\u0000" }, "existentialEcho", CONTROL],
    [
      "gallery description",
      postInputSchema,
      { ...post, images: [{ imageUrl: "/a.jpg", description: "\u0000" }] },
      "images.0.description",
      CONTROL,
    ],
    ["video description", videoInputSchema, { ...video, title: "t", description: "\u0001" }, "description", CONTROL],
    ["sign-in name", loginSchema, { username: "owner\u0000", password: "x" }, "username", ONE_LINE],
    ["search", searchQuery, { q: "\u0000" }, "q", CONTROL],
    ["slug", slugParam, { slug: "a\u0000b" }, "slug", ONE_LINE],
  ] as const)("%s", (_, schema, input, field, message) => {
    const result = schema.safeParse(input);
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toContainEqual([field, message]);
  });

  it("keeps multi-line text multi-line", () => {
    expect(postInputSchema.safeParse({ ...post, content: "one\n\ntwo\tthree\r\n" }).success).toBe(true);
  });
});
