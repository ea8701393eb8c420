import { whenText } from "@/lib/format";
import type { RevisionReason } from "../../../db/content-statuses.ts";
import type { RevisionStanding } from "./revision-json";

/** What a history row is called when where the item stood is not known: the reason alone. */
const REASON_WORDS: Record<RevisionReason, string> = {
  created: "Created",
  saved: "Saved",
  published: "Published",
  unpublished: "Unpublished",
  restored: "Restored an older version",
  autosave: "Autosaved, not saved",
};

/**
 * What kind of change a revision was, as its history row is titled: why it was kept, and
 * where it left the item (a schedule with its day and time, in `when`, the owner's time).
 * @example revisionWords({ reason: "saved", status: "scheduled", publishedAt: "2026-12-01T09:30:00Z" }) // "Saved, scheduled for Dec 1, 2026, 9:30 AM"
 */
export function revisionWords(
  { reason, status, publishedAt }: RevisionStanding & { reason: RevisionReason },
  when: (iso: string) => string = whenText,
): string {
  const scheduled = status === "scheduled" && publishedAt ? `scheduled for ${when(publishedAt)}` : null;
  switch (reason) {
    case "created":
      if (status === "published") return "Created and published";
      if (status === "draft") return "Created as a draft";
      return scheduled ? `Created, ${scheduled}` : REASON_WORDS.created;
    case "saved":
      if (status === "published") return "Updated";
      if (status === "draft") return "Draft saved";
      return scheduled ? `Saved, ${scheduled}` : REASON_WORDS.saved;
    case "unpublished":
      if (status === "draft") return "Unpublished: a draft again";
      return scheduled ? `Unpublished, ${scheduled}` : REASON_WORDS.unpublished;
    case "published":
    case "restored":
    case "autosave":
      return REASON_WORDS[reason];
  }
}
