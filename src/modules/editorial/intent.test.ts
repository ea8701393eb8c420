import { describe, expect, it } from "vitest";
import { publicationFor, savedNotice } from "./intent";

describe("what a button asks for", () => {
  it("keeps, publishes, drafts, or schedules at the owner's local time, sent in UTC", () => {
    expect(publicationFor("keep", "")).toEqual({});
    expect(publicationFor("publish", "")).toEqual({ status: "published" });
    expect(publicationFor("draft", "2026-12-01T09:30")).toEqual({ status: "draft" });
    const local = "2026-12-01T09:30";
    expect(publicationFor("schedule", local)).toEqual({
      status: "scheduled",
      publishedAt: new Date(local).toISOString(),
    });
  });

  it("sends an unreadable time as it is, for the schema to refuse", () => {
    expect(publicationFor("schedule", "")).toEqual({ status: "scheduled", publishedAt: "" });
  });
});

describe("the notice a save ends with", () => {
  const spec = { created: "Post Created", updated: "Post Updated" };
  it.each([
    [undefined, "published", "Post Created"],
    [undefined, "draft", "Draft Saved"],
    [undefined, "scheduled", "Post Scheduled"],
    ["draft", "draft", "Draft Saved"],
    ["draft", "published", "Post Published"],
    ["scheduled", "published", "Post Published"],
    ["scheduled", "scheduled", "Post Updated"],
    ["scheduled", "draft", "Schedule Cancelled"],
    ["published", "published", "Post Updated"],
    ["published", "draft", "Post Unpublished"],
  ] as const)("from %s to %s says %s", (before, after, notice) => {
    expect(savedNotice("Post", before, after, spec)).toBe(notice);
  });
});
