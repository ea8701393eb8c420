import type { APIRoute } from "astro";
import { handleImageRequest, type LocalImageLoadResult } from "astro/assets/endpoint/shared";
import { UPLOADS_PREFIX } from "@/lib/image-url";
import { runtime } from "@/lib/runtime.server";

// Astro's image endpoint, reading source images from the object store: the node adapter's
// own endpoint only looks in the build's client folder, where uploads never are.
async function loadUpload(src: string): Promise<LocalImageLoadResult> {
  if (!src.startsWith(UPLOADS_PREFIX)) return { kind: "invalid-path" };
  const bytes = await (await runtime().objects()).read(decodeURIComponent(src.slice(UPLOADS_PREFIX.length)));
  return bytes ? { kind: "loaded", buffer: Buffer.from(bytes) } : { kind: "not-found" };
}

/** No page asks for more than this; larger requests would only cost memory and time. */
const MAX_DIMENSION = 2400;

export const GET: APIRoute = async ({ request, logger, url }) => {
  const tooLarge = ["w", "h"].some((p) => Number(url.searchParams.get(p) ?? 0) > MAX_DIMENSION);
  if (tooLarge) return new Response("Image too large", { status: 400 });
  try {
    return await handleImageRequest({ request, loadLocalImage: loadUpload, logger });
  } catch {
    // A file that is not an image sharp can read is the request's fault, not ours.
    return new Response("Invalid image", { status: 400 });
  }
};
