import { UPLOADS_PREFIX } from "@/lib/image-url";
import { siteObjects } from "@/modules/uploads/site-objects.server";
import { transcriptCues, type Cue } from "./transcript";

/**
 * The transcript of the captions at `captionsUrl` (an upload), read from the object store
 * when the page is made; null when there are none or they cannot be read as WebVTT.
 */
export async function transcriptFor(captionsUrl: string | null): Promise<Cue[] | null> {
  if (!captionsUrl?.startsWith(UPLOADS_PREFIX)) return null;
  const bytes = await (await siteObjects()).read(captionsUrl.slice(UPLOADS_PREFIX.length));
  return bytes && transcriptCues(new TextDecoder().decode(bytes));
}
