import { z } from "zod";
import type { DocumentKind } from "@/lib/versioned-document";

// A revision keeps the document as the item's form sent it; restoring judges it by the form's
// own schema, so here it only has to be fields.
const fields = z.record(z.string(), z.unknown());

/** Version 1 of a post's document had no `format`: every post was plain text then. */
const postFormatNamed = (data: unknown): unknown => ({ format: "plain", ...fields.parse(data) });

/**
 * A post's or video's revision document as stored: version 1 is what `postDocument` and
 * `videoDocument` have written since revisions began; a post's version 2 names its body's
 * `format`. A change of either shape appends its step to its kind, and every stored
 * revision is read through them (`upgrade`).
 */
export const revisionKinds = {
  post: { name: "revision", schema: fields, migrations: [postFormatNamed] },
  video: { name: "revision", schema: fields, migrations: [] },
} satisfies Record<"post" | "video", DocumentKind<typeof fields>>;
