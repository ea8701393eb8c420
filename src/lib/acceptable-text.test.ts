import { describe, expect, it } from "vitest";
import { loginSchema } from "@/modules/auth/schema";
import { postInputSchema } from "@/modules/posts/schema";
import { videoInputSchema } from "@/modules/videos/schema";
import { findTextFault, textFault } from "./acceptable-text";
import { searchQuery, slugParam } from "./query-schemas";

const CONTROL = "Must not contain control characters";
const ONE_LINE = "Must be one line without control characters";
const UNICODE = "Must be valid Unicode text";

describe("textFault", () => {
  it.each([
    ["plain", undefined, undefined],
    ["two\nlines\r\n\tindented", undefined, ONE_LINE],
    ["emoji 🙂 and e\u0301", undefined, undefined],
    ["\u007f delete", undefined, ONE_LINE],
    ["a\u0000b", CONTROL, ONE_LINE],
    ["bell\u0007", CONTROL, ONE_LINE],
    ["escape\u001b[31m", CONTROL, ONE_LINE],
    ["lone \ud800 high", UNICODE, UNICODE],
    ["lone \udfff low", UNICODE, UNICODE],
    ["reversed \udc00\ud800", UNICODE, UNICODE],
  ])("%j: %s, on one line %s", (value, anyText, singleLine) => {
    expect(textFault(value)).toBe(anyText);
    expect(textFault(value, { singleLine: true })).toBe(singleLine);
  });
});

describe("findTextFault", () => {
  it("names the field of a bad text at any depth", () => {
    expect(findTextFault({ title: "ok", images: [{ description: "ok" }, { description: "\u0000" }] })).toEqual({
      field: "images.1.description",
      message: CONTROL,
    });
    expect(findTextFault("\ud800")).toEqual({ field: "", message: UNICODE });
    expect(findTextFault({ title: "ok", count: 3, on: true, none: null })).toBeUndefined();
  });

  it("checks names as well as values, reporting the object holding a bad name", () => {
    expect(findTextFault({ images: [{ "\u0000": "x" }] })).toEqual({ field: "images.0", message: CONTROL });
  });

  it("checks every value of a query, a repeated name's too", () => {
    expect(findTextFault(new URLSearchParams("q=fine&q=%00"))).toEqual({ field: "q", message: CONTROL });
    expect(findTextFault(new URLSearchParams("q=fine&category=Meh"))).toBeUndefined();
  });

  it("walks input nested deeper than the stack would allow", () => {
    const deep = JSON.parse(`${"[".repeat(100_000)}"\\u0000"${"]".repeat(100_000)}`) as unknown;
    expect(findTextFault(deep)?.message).toBe(CONTROL);
  });
});

// The forms validate with these schemas before sending, so the rule is the same on both sides.
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
