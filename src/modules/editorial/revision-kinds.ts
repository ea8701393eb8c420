import { z } from "zod";
import type { DocumentKind } from "@/lib/versioned-document";

// A revision keeps the document as the item's form sent it; restoring judges it by the form's
// own schema, so here it only has to be fields.
const fields = z.record(z.string(), z.unknown());

/**
 * A post's or video's revision document as stored: version 1 is what `postDocument` and
 * `videoDocument` have written since revisions began. A change of either shape appends its
 * step to its kind, and every stored revision is read through them (`upgrade`).
 */
export const revisionKinds = {
  post: { name: "revision", schema: fields, migrations: [] },
  video: { name: "revision", schema: fields, migrations: [] },
} satisfies Record<"post" | "video", DocumentKind<typeof fields>>;
