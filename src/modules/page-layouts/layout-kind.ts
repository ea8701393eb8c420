import type { DocumentKind } from "@/lib/versioned-document";
import { layoutDocumentSchema } from "./schema";

/**
 * A layout's elements as stored, in `page_layouts` and each of `layout_versions`: version 1
 * is the list as the designer has always saved it. A change of the elements' shape appends
 * its step here, and every stored layout is read through them (`upgrade`).
 */
export const layoutKind = {
  name: "layout",
  schema: layoutDocumentSchema,
  migrations: [],
} satisfies DocumentKind<typeof layoutDocumentSchema>;
