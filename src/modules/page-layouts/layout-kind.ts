import type { DocumentKind, Migration } from "@/lib/versioned-document";
import { layoutDocumentSchema } from "./schema";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Version 1 to 2: images gained alt text, required unless the image is marked decorative.
 * An image stored before had no words, and visitors got `alt=""`; it is marked decorative,
 * which says just that, so old layouts stay valid and the owner can describe them later.
 * @example imagesGainWords([{ type: "image", content: "/a.png" }]) // [{ type: "image", content: "/a.png", decorative: true }]
 */
export const imagesGainWords: Migration = (stored) => {
  if (!Array.isArray(stored)) return stored;
  const elements: unknown[] = stored;
  return elements.map((element) =>
    isRecord(element) && element.type === "image" && element.alt === undefined
      ? { ...element, decorative: true }
      : element,
  );
};

/**
 * A layout's elements as stored, in `page_layouts` and each of `layout_versions`: version 1
 * is the list as the designer first saved it, version 2 gives images their words. A change of
 * the elements' shape appends its step here, and every stored layout is read through them
 * (`upgrade`).
 */
export const layoutKind = {
  name: "layout",
  schema: layoutDocumentSchema,
  migrations: [imagesGainWords],
} satisfies DocumentKind<typeof layoutDocumentSchema>;
