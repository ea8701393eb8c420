import { loadSharp } from "./load-sharp.server";
import { z } from "zod";
import { notFound, unsupportedType } from "@/lib/errors";
import { parseQuery } from "@/lib/http.server";
import { MAX_RESIZED_DIMENSION, RESIZED_FORMAT } from "@/lib/image-url";
import { detectType, SAMPLE_BYTES } from "./detect-type.server";
import type { ObjectStore } from "./object-store.server";
import { resizableKey } from "./upload-keys";

/** No page asks for more than this; larger requests would only cost memory and time. */
export const MAX_DIMENSION = MAX_RESIZED_DIMENSION;

const dimension = z.coerce
  .number()
  .int()
  .min(1)
  .max(MAX_DIMENSION, `At most ${String(MAX_DIMENSION)} pixels`);

// The parameters `resizedUrl` writes, and nothing else: an SVG or any other format is
// never asked for, so never produced.
const resizeQuery = z.object({
  href: z.string().transform((href, ctx) => {
    const key = resizableKey(href);
    if (!key) ctx.addIssue({ code: "custom", message: "Only this site's uploaded images can be resized" });
    return key ?? "";
  }),
  w: dimension,
  h: dimension,
  f: z.literal(RESIZED_FORMAT, { error: `Only ${RESIZED_FORMAT} is produced` }),
  fit: z.literal("cover").default("cover"),
});

/**
 * Astro's image endpoint over the object store: a checked or sample image, read by its
 * bytes and refused (415) unless it is one of the raster types uploads take and sharp
 * decodes it, cropped to `w` x `h` and always encoded anew, so nothing is ever handed
 * back as it was stored.
 */
export async function resizeImage(store: ObjectStore, url: URL): Promise<Response> {
  const query = parseQuery(resizeQuery, url);
  const bytes = await store.read(query.href);
  if (!bytes) throw notFound("Image");
  const type = await detectType(bytes.subarray(0, SAMPLE_BYTES), bytes.length);
  if (type?.kind !== "image") throw unsupportedType("Only JPEG, PNG, WebP, GIF or AVIF images can be resized");
  const sharp = await loadSharp();
  let data: Buffer;
  try {
    data = await sharp(bytes, { pages: -1, failOn: "error" })
      .rotate()
      .resize({ width: query.w, height: query.h, fit: query.fit, withoutEnlargement: true })
      .toFormat(RESIZED_FORMAT)
      .toBuffer();
  } catch {
    throw unsupportedType("The image could not be decoded");
  }
  return new Response(new Uint8Array(data), {
    headers: { "Content-Type": `image/${RESIZED_FORMAT}`, "Cache-Control": "public, max-age=31536000" },
  });
}
