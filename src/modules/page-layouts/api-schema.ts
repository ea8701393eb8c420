import { z } from "zod";
import { databaseId, integer, text } from "@/lib/form-fields";
import { idParam, idText, integerText } from "@/lib/query-schemas";
import { acceptingReadOnly } from "@/lib/read-only-fields";
import { withinBand } from "./band";
import { layoutDocumentSchema } from "./schema";

/**
 * The pages a layout can be made for: those that render one for visitors. A layout for any
 * other name would be stored and never seen, so it is refused.
 */
export const LAYOUT_PAGES = ["home"] as const;
export type LayoutPage = (typeof LAYOUT_PAGES)[number];

/** The change descriptions the editors send (SPEC §4). */
export const MANUAL_SAVE = "Manual save";
export const AUTO_SAVE = "Auto-save";

export const CHANGE_DESCRIPTION_MAX = 200;

export const pageNameSchema = z.enum(LAYOUT_PAGES, { error: `Must be one of: ${LAYOUT_PAGES.join(", ")}` });

const changeDescription = text({ singleLine: true })
  .trim()
  .max(CHANGE_DESCRIPTION_MAX, `At most ${CHANGE_DESCRIPTION_MAX} characters`);

/** A layout as it is saved: as the editors show it, held inside the band (`withinBand`). */
export const savedElementsSchema = layoutDocumentSchema.transform((elements) => elements.map(withinBand));

/** `POST /api/layouts`: a page's first layout, stored as its version 1. */
export const layoutCreateSchema = z.object({
  pageName: pageNameSchema,
  pageType: z.literal("page", { error: 'Must be "page"' }).default("page"),
  elements: savedElementsSchema,
  changeDescription: changeDescription.optional(),
});
export type LayoutCreateInput = z.input<typeof layoutCreateSchema>;

/**
 * What a layout's GET carries that a save does not take: its id (the URL names it), its
 * page, the version numbers (a save makes the next), what is published (the publish call
 * owns it) and the times. Accepted and ignored, so that representation sent back with new
 * elements saves. `version` is not read as `baseVersion`: a body without one is the spec's,
 * which saves on top of whatever is newest.
 */
export const LAYOUT_READ_ONLY = [
  "id",
  "pageName",
  "pageType",
  "isActive",
  "version",
  "versionId",
  "publishedVersionId",
  "publishedVersionNumber",
  "createdAt",
  "updatedAt",
] as const;

/**
 * `PUT /api/layouts/{id}`: the next version. `baseVersion` is the version the editor's
 * elements started from; when another save came in since, the save is refused (409) rather
 * than overwriting it. The editors always send it; without it (SPEC §7's body) the save
 * goes on top of the newest version, the last writer winning. Any other key is refused,
 * naming it.
 */
export const layoutSaveSchema = acceptingReadOnly(
  LAYOUT_READ_ONLY,
  z.strictObject({
    elements: savedElementsSchema,
    changeDescription: changeDescription.min(1, "Must not be empty"),
    baseVersion: integer({ min: 1 }).optional(),
  }),
);
export type LayoutSaveInput = z.input<typeof layoutSaveSchema>;

/** `POST /api/layouts/{id}/publish`: the version visitors see from now on. */
export const layoutPublishSchema = z.object({
  versionId: databaseId(),
});

/** `{ref}` read as a page name, on the path the spec reads layouts by. */
export const refAsPageName = z.preprocess(
  (params) => ({ pageName: (params as { ref?: string }).ref }),
  z.object({ pageName: pageNameSchema }),
);

/** `{ref}` and `{versionId}`: a layout's id and one of its versions. */
export const versionParams = z.preprocess(
  (params) => ({ id: (params as { ref?: string }).ref, versionId: (params as { versionId?: string }).versionId }),
  idParam.extend({ versionId: idText("Version id") }),
);

/**
 * `GET /api/layouts/{id}/versions?before=`: the versions older than version number `before`,
 * the previous page's last. Version numbers count from 1.
 */
export const versionsQuery = z.object({
  before: integerText({ min: 1, name: "Before" }).optional(),
});

/** `GET /api/layouts?page=home`: the editors' way to ask for a page's layout. */
export const layoutsQuery = z.object({ page: pageNameSchema });

/** The published design's stylesheet: `v` is the version the page links, so it never changes. */
export const layoutStylesheetQuery = z.object({ v: z.string().max(64).optional() });
