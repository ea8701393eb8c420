import type { ImportProgress, ImportStatus } from "../../../db/schema/imports.ts";

/** An import as its endpoint sends it: where it stands, its report (read through its schema), its progress. */
export interface ImportJson {
  id: number;
  fileName: string;
  source: string | null;
  status: ImportStatus;
  report: unknown;
  options: unknown;
  progress: ImportProgress | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
  /** The images it could not bring, with why. */
  failedMedia: { ref: string; failure: string }[];
}

/** One old address as the admin lists it. */
export interface RedirectJson {
  id: number;
  path: string;
  /** The title of what it leads to, and where that is. */
  title: string;
  to: string;
}
