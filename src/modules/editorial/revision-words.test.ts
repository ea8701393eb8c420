import { describe, expect, it } from "vitest";
import type { ContentStatus, RevisionReason } from "../../../db/content-statuses.ts";
import { revisionWords } from "./revision-words";

const AT = "2026-12-01T09:30:00.000Z";
// The owner's time, fixed here so the table reads the same in every zone.
const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;

// Each situation a history row can stand for, and the words it is titled with.
const TABLE: [RevisionReason, ContentStatus | null, string][] = [
  ["created", "published", "Created and published"],
  ["created", "draft", "Created as a draft"],
  ["created", "scheduled", "Created, scheduled for 2026-12-01 09:30"],
  ["saved", "published", "Updated"],
  ["saved", "draft", "Draft saved"],
  ["saved", "scheduled", "Saved, scheduled for 2026-12-01 09:30"],
  ["published", "published", "Published"],
  ["unpublished", "draft", "Unpublished: a draft again"],
  ["unpublished", "scheduled", "Unpublished, scheduled for 2026-12-01 09:30"],
  ["restored", "published", "Restored an older version"],
  ["restored", "draft", "Restored an older version"],
  ["autosave", "published", "Autosaved, not saved"],
  ["autosave", "scheduled", "Autosaved, not saved"],
  // A document that does not say where the item stood: the reason alone.
  ["created", null, "Created"],
  ["saved", null, "Saved"],
  ["unpublished", null, "Unpublished"],
];

describe("the history's words for each kind of change", () => {
  it.each(TABLE)("%s, leaving it %s: %s", (reason, status, words) => {
    expect(revisionWords({ reason, status, publishedAt: AT }, when)).toBe(words);
  });

  it("never names a schedule it has no time for", () => {
    expect(revisionWords({ reason: "saved", status: "scheduled", publishedAt: null }, when)).toBe("Saved");
  });
});
