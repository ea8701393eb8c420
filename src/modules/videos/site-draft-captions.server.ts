import { spawn } from "node:child_process";
import { conflict } from "@/lib/errors";
import { processValue } from "@/lib/process-value";
import { settings } from "@/lib/settings.server";
import { siteObjects } from "@/modules/uploads/site-objects.server";
import { draftCaptions } from "./draft-captions.server";

/** Whether ffmpeg runs here: asked once per process, as installing it needs a restart anyway. */
const ffmpeg = processValue<Promise<string | undefined>>(
  import.meta.hot,
  "ffmpeg",
  () =>
    new Promise((resolve) => {
      const probe = spawn("ffmpeg", ["-version"], { stdio: "ignore" });
      probe.on("error", () => {
        resolve(undefined);
      });
      probe.on("close", (code) => {
        resolve(code === 0 ? "ffmpeg" : undefined);
      });
    }),
);

/** Whether "Draft captions" can work: an OpenAI key is set (the one the nickname generator uses). */
export const canDraftCaptions = (): boolean => settings().nickname.openai !== undefined;

/** A WebVTT draft of what the uploaded video at `videoUrl` says, with the site's key, store and ffmpeg. */
export async function siteDraftCaptions(videoUrl: string): Promise<string> {
  const openai = settings().nickname.openai;
  if (!openai) throw conflict("Drafting captions needs OPENAI_API_KEY set on the server.");
  return draftCaptions(videoUrl, { openai, store: await siteObjects(), ffmpeg: await ffmpeg.get() });
}
