import { UPLOADS_PREFIX } from "@/lib/image-url";
import { siteObjects } from "@/modules/uploads/site-objects.server";
import { transcriptCues, type Cue } from "./transcript";

/**
 * The cues of the WebVTT file at `url` (an upload), read from the object store when the page
 * is made; null when there is none or it cannot be read as WebVTT.
 */
export async function storedCues(url: string | null): Promise<Cue[] | null> {
  if (!url?.startsWith(UPLOADS_PREFIX)) return null;
  const bytes = await (await siteObjects()).read(url.slice(UPLOADS_PREFIX.length));
  return bytes && transcriptCues(new TextDecoder().decode(bytes));
}

/** The transcript of the captions at `captionsUrl`, or null when there is nothing to show. */
export const transcriptFor = (captionsUrl: string | null): Promise<Cue[] | null> => storedCues(captionsUrl);
