import { loadSharp } from "./load-sharp.server";

/**
 * Whether sharp decodes every pixel of an image, every frame of an animation included.
 * The type is told by the first bytes alone, and a file can open with whole headers and
 * go on with noise or stop short, which browsers draw broken or not at all.
 * @example await decodesWhole(await readFile("photo.jpg")) // true
 */
export async function decodesWhole(bytes: Uint8Array): Promise<boolean> {
  const sharp = await loadSharp();
  try {
    // libjpeg reports noise in a JPEG's picture data only as a warning, so "error" lets it
    // through. stats() pulls every pixel through a sink that keeps none of them, and sharp's
    // default pixel limit refuses a small file that would unpack into a huge picture.
    await sharp(bytes, { failOn: "warning", pages: -1 }).stats();
    return true;
  } catch {
    return false;
  }
}
