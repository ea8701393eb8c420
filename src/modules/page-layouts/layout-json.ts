import type { LayoutElement } from "./schema";

/** A layout as the API sends it (SPEC §3 Page layout, plus its version and what is live). */
export interface LayoutJson {
  id: number;
  pageName: string;
  pageType: string;
  elements: LayoutElement[];
  isActive: boolean;
  /** The number of the newest version, which a save must be based on. */
  version: number;
  /** The newest version's id, which Publish makes live. */
  versionId: number;
  /** The version visitors see, or null when the page shows no design. */
  publishedVersionId: number | null;
  publishedVersionNumber: number | null;
  changeDescription: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A line of a layout's history (SPEC §7), newest first. */
export interface LayoutVersionJson {
  id: number;
  versionNumber: number;
  changeDescription: string | null;
  createdAt: string;
  /** Whether visitors see this version. */
  published: boolean;
  /** What it holds, for its thumbnail. */
  elements: LayoutElement[];
}
