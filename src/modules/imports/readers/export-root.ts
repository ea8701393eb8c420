/** Files a zip made on a Mac or by hand carries that are no part of any export. */
export const isZipJunk = (path: string): boolean =>
  path.startsWith("__MACOSX/") || /(^|\/)(\.DS_Store|Thumbs\.db|desktop\.ini)$/.test(path);

/**
 * Where an export's files sit in its zip: `""` at its top, or `"folder/"` when one folder
 * wraps everything (a zip made by compressing the export's folder, or renamed on download).
 * `holds(root)` says whether the export's own marker is there (`posts.csv`, `_posts/`…);
 * null when it is in neither place.
 * @example exportRoot(["blog/posts.csv"], (root) => paths.includes(`${root}posts.csv`)) // "blog/"
 */
export function exportRoot(paths: readonly string[], holds: (root: string) => boolean): string | null {
  if (holds("")) return "";
  const tops = new Set(paths.filter((path) => !isZipJunk(path)).map((path) => path.split("/", 1)[0] ?? ""));
  const [top] = tops;
  if (tops.size !== 1 || top === undefined) return null;
  const root = `${top}/`;
  return paths.every((path) => isZipJunk(path) || path.startsWith(root)) && holds(root) ? root : null;
}

/** The export's files by their path under `root`, junk left out, in name order. */
export const pathsUnder = (paths: readonly string[], root: string): string[] =>
  paths.filter((path) => path.startsWith(root) && !isZipJunk(path)).map((path) => path.slice(root.length));
