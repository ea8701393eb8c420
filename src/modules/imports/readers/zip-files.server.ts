import type { ExportZip } from "../export-zip.server";
import { refuseExport } from "../source-item";

/** A file of one item, read whole, refused by the item's name when it is larger than `maxBytes`. */
export async function itemText(zip: ExportZip, path: string, maxBytes: number, name: string): Promise<string> {
  const size = zip.size(path) ?? 0;
  if (size > maxBytes) {
    throw refuseExport(`its file ${path} is ${String(size)} bytes, more than the ${String(maxBytes)} allowed.`, name);
  }
  return zip.text(path, maxBytes);
}

/** A file of the zip as a medium, by its path, or null when the zip does not hold it. */
export async function zipMedium(
  zip: ExportZip,
  path: string,
): Promise<{ stream: NodeJS.ReadableStream; size: number } | null> {
  const size = zip.size(path);
  return size === null ? null : { stream: await zip.stream(path), size };
}
