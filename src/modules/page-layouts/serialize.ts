import type { LayoutJson, LayoutVersionJson } from "./layout-json";
import type { VersionRow } from "./layout-reads.server";
import type { LayoutRow } from "./layouts.server";

/** A layout as the API sends it: the fields of `LayoutJson`, nothing else. */
export function serializeLayout(layout: LayoutRow): LayoutJson {
  return {
    id: layout.id,
    pageName: layout.pageName,
    pageType: layout.pageType,
    elements: layout.elements,
    isActive: layout.isActive,
    version: layout.version,
    versionId: layout.versionId,
    publishedVersionId: layout.publishedVersionId,
    publishedVersionNumber: layout.publishedVersionNumber,
    changeDescription: layout.changeDescription,
    createdAt: layout.createdAt.toISOString(),
    updatedAt: layout.updatedAt.toISOString(),
  };
}

export function serializeVersion(version: VersionRow): LayoutVersionJson {
  return { ...version, createdAt: version.createdAt.toISOString() };
}
