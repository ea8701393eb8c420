import { loadSharp } from "./load-sharp.server";
import { isOptimizable, type ImageSize } from "@/lib/image-url";
import type { ObjectStore } from "./object-store.server";
import { resizableKey } from "./upload-keys";

/** How many sizes a process remembers; an upload's bytes never change, so a size stays true. */
const REMEMBERED = 2_000;
const remembered = new Map<string, ImageSize>();

function remember(src: string, size: ImageSize): void {
  if (remembered.size >= REMEMBERED) remembered.delete(remembered.keys().next().value ?? "");
  remembered.set(src, size);
}

/** An image's size as it is shown: turned upright as its EXIF orientation says, as the image service turns it. */
async function sizeOf(store: ObjectStore, key: string): Promise<ImageSize | null> {
  const bytes = await store.read(key);
  if (!bytes) return null;
  const sharp = await loadSharp();
  try {
    const { width, height, orientation = 1 } = await sharp(bytes).metadata();
    return orientation >= 5 ? { width: height, height: width } : { width, height };
  } catch {
    return null;
  }
}

/**
 * The sizes of the site's uploaded images among `srcs` (`/uploads/…` paths), by path, so a
 * page can give each its room before it loads. An upload that is missing or does not
 * decode is not in the answer. An upload's URL is never written twice (`normalize`), so a
 * size read once is kept for the process.
 */
export async function uploadedImageSizes(store: ObjectStore, srcs: readonly string[]): Promise<Map<string, ImageSize>> {
  const sizes = new Map<string, ImageSize>();
  await Promise.all(
    [...new Set(srcs)].filter(isOptimizable).map(async (src) => {
      const known = remembered.get(src);
      const key = resizableKey(src);
      const size = known ?? (key ? await sizeOf(store, key) : null);
      if (!size) return;
      if (!known) remember(src, size);
      sizes.set(src, size);
    }),
  );
  return sizes;
}
