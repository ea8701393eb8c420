import { describe, expect, it } from "vitest";
import { checkPublication, lateNote, nextPublication, publicationJson, type Publication } from "./publication";

const now = new Date("2026-11-26T10:00:00.000Z");
const earlier = new Date("2026-11-01T08:00:00.000Z");
const later = "2026-12-01T09:30:00.000Z";

const issues = (input: Parameters<typeof checkPublication>[0]) => {
  const found: Record<string, string> = {};
  checkPublication(input, (path, message) => (found[path] = message));
  return found;
};

describe("where an item stands after a write", () => {
  const published: Publication = { status: "published", publishedAt: earlier, lateSeconds: 300 };

  it("a create without a status publishes now, as the spec's payloads always did", () => {
    expect(nextPublication(undefined, {}, now)).toEqual({ status: "published", publishedAt: now, lateSeconds: null });
  });

  it("an update without a status keeps the item where it stands, date and lateness too", () => {
    expect(nextPublication(published, {}, now)).toEqual(published);
    const scheduled: Publication = { status: "scheduled", publishedAt: new Date(later), lateSeconds: null };
    expect(nextPublication(scheduled, {}, now)).toEqual(scheduled);
  });

  it("publishing a draft or a schedule early dates it now; publishing a published item keeps its date", () => {
    const draft: Publication = { status: "draft", publishedAt: earlier, lateSeconds: null };
    expect(nextPublication(draft, { status: "published" }, now).publishedAt).toEqual(now);
    const scheduled: Publication = { status: "scheduled", publishedAt: new Date(later), lateSeconds: null };
    expect(nextPublication(scheduled, { status: "published" }, now).publishedAt).toEqual(now);
    expect(nextPublication(published, { status: "published" }, now)).toEqual(published);
  });

  it("a schedule takes its time; unpublishing keeps the old date, unseen, and forgets the lateness", () => {
    expect(nextPublication(undefined, { status: "scheduled", publishedAt: later }, now)).toEqual({
      status: "scheduled",
      publishedAt: new Date(later),
      lateSeconds: null,
    });
    expect(nextPublication(published, { status: "draft" }, now)).toEqual({
      status: "draft",
      publishedAt: earlier,
      lateSeconds: null,
    });
  });
});

describe("a publication is checked", () => {
  it("a schedule needs a time, in the future", () => {
    expect(issues({ status: "scheduled" })).toEqual({ publishedAt: "A scheduled item needs a publish time" });
    expect(issues({ status: "scheduled", publishedAt: "2020-01-01T00:00:00Z" })).toEqual({
      publishedAt: "Publish time must be in the future",
    });
    expect(issues({ status: "scheduled", publishedAt: new Date(Date.now() + 60_000).toISOString() })).toEqual({});
  });

  it("a time is taken only for a schedule", () => {
    expect(issues({ status: "draft", publishedAt: later })).toEqual({
      publishedAt: "A publish time is set only when scheduling",
    });
    expect(issues({ publishedAt: later })).toEqual({ publishedAt: "A publish time is set only when scheduling" });
    expect(issues({ status: "published" })).toEqual({});
  });

  it("what an admin's GET says of a draft or a published item is taken back, but a future time is no publication", () => {
    expect(issues({ status: "draft", publishedAt: null })).toEqual({});
    expect(issues({ status: "published", publishedAt: "2020-01-01T00:00:00.000Z" })).toEqual({});
    expect(issues({ status: "published", publishedAt: new Date(Date.now() + 60_000).toISOString() })).toEqual({
      publishedAt: "A publish time in the future is a schedule: set the status to scheduled",
    });
  });
});

describe("what the admin reads", () => {
  it("a draft has no publish date; others their date and how late they went public", () => {
    expect(publicationJson({ status: "draft", publishedAt: earlier, lateSeconds: null })).toEqual({
      status: "draft",
      publishedAt: null,
      lateSeconds: null,
    });
    expect(publicationJson({ status: "published", publishedAt: earlier, lateSeconds: 720 })).toEqual({
      status: "published",
      publishedAt: earlier.toISOString(),
      lateSeconds: 720,
    });
  });

  it("says how late in the unit a person would", () => {
    expect(lateNote(null)).toBeNull();
    expect(lateNote(0)).toBe("Published 1 second late: the site was not running");
    expect(lateNote(42)).toBe("Published 42 seconds late: the site was not running");
    expect(lateNote(60)).toBe("Published 1 minute late: the site was not running");
    expect(lateNote(12 * 60 + 10)).toBe("Published 12 minutes late: the site was not running");
    expect(lateNote(5 * 3600)).toBe("Published 5 hours late: the site was not running");
    expect(lateNote(3 * 86_400)).toBe("Published 3 days late: the site was not running");
  });
});
