import { apiPage, apiRequest } from "@/lib/api-request";
import type { Page } from "@/lib/paging";
import type { LayoutCreateInput, LayoutSaveInput } from "./api-schema";
import { layoutsUrl, versionsKey } from "./keys";
import type { LayoutJson, LayoutVersionJson } from "./layout-json";

// The five layout calls (SPEC §7) and publishing, as the editors make them.

/** The page's layout, or null when it has none yet. */
export async function fetchLayout(pageName: string, signal?: AbortSignal): Promise<LayoutJson | null> {
  const found = await apiRequest<LayoutJson[]>("GET", layoutsUrl(pageName), undefined, signal);
  return found[0] ?? null;
}

export const createLayout = (input: LayoutCreateInput): Promise<LayoutJson> =>
  apiRequest<LayoutJson>("POST", "/api/layouts", input);

/** Throws an `ApiError` with status 409 when someone saved since `baseVersion`. */
export const saveLayout = (id: number, input: LayoutSaveInput): Promise<LayoutJson> =>
  apiRequest<LayoutJson>("PUT", `/api/layouts/${id}`, input);

/** One page of the layout's history, newest first: with `before`, the versions older than that version number. */
export const fetchVersions = (
  id: number,
  before: number | undefined,
  signal?: AbortSignal,
): Promise<Page<LayoutVersionJson>> =>
  apiPage<LayoutVersionJson>(before === undefined ? versionsKey(id) : `${versionsKey(id)}?before=${before}`, signal);

/** Makes the version's elements the newest version and answers with the layout, elements included. */
export const restoreVersion = (id: number, versionId: number): Promise<LayoutJson> =>
  apiRequest<LayoutJson>("POST", `/api/layouts/${id}/restore/${versionId}`);

export const publishVersion = (id: number, versionId: number): Promise<LayoutJson> =>
  apiRequest<LayoutJson>("POST", `/api/layouts/${id}/publish`, { versionId });

export const unpublishLayout = (id: number): Promise<LayoutJson> =>
  apiRequest<LayoutJson>("DELETE", `/api/layouts/${id}/publish`);
