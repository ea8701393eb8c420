// A video's streaming ladder being made while the floods run: a long 1080p upload in a codec
// browsers cannot play as is, so every rung is encoded, which is the most a transcode asks of
// the machine.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { signIn } from "./measure";

/**
 * Seconds of video: long enough that its transcode outlasts a flood (on two cores, 30 s of
 * 1080p take some two minutes, a flood 10 s), short enough that waiting for the rest is brief.
 */
export const CLIP_SECONDS = 30;

interface Streaming {
  status: string;
  progress: number;
}

/** Where the video's ladder stands, as the manager asks. */
async function streaming(origin: string, auth: Record<string, string>, id: number): Promise<Streaming> {
  const response = await fetch(`${origin}/api/videos/${String(id)}/streaming`, { headers: auth });
  return (await response.json()) as Streaming;
}

/**
 * Upload a long 1080p clip as the manager does and wait until the site's own job transcodes
 * it (its schedule is each minute): how far it has come, asked again after the measurement,
 * shows it ran throughout. Null when the site has no ffmpeg.
 */
export async function startTranscode(
  origin: string,
): Promise<{ progress(): Promise<Streaming>; ended(): Promise<Streaming> } | null> {
  const folder = mkdtempSync(path.join(os.tmpdir(), "meh-bench-clip-"));
  const clip = path.join(folder, "clip.mp4");
  try {
    execFileSync("ffmpeg", [
      ...["-v", "error", "-f", "lavfi", "-i", `testsrc=size=1920x1080:rate=30:duration=${String(CLIP_SECONDS)}`],
      ...["-f", "lavfi", "-i", `sine=duration=${String(CLIP_SECONDS)}`, "-c:v", "mpeg4", "-q:v", "8", "-c:a", "aac"],
      clip,
    ]);
    // Asked twice if need be: a keep-alive connection from before the clip was made may have
    // been closed by the site meanwhile.
    const auth = await signIn(origin).catch(() => signIn(origin));
    const ask = await fetch(`${origin}/api/objects/upload-url?contentType=video/mp4`, { headers: auth });
    const target = (await ask.json()) as {
      url: string;
      method: string;
      headers: Record<string, string>;
      rawPath: string;
    };
    // The local store's upload URL is the site's own, relative. Right after a flood the site
    // may still turn this address away for a moment: asked again until it takes the file.
    for (let attempt = 1; ; attempt++) {
      const sent = await fetch(new URL(target.url, origin), {
        method: target.method,
        headers: { ...auth, ...target.headers },
        body: readFileSync(clip),
      }).catch((error: unknown) => error as Error);
      if (!(sent instanceof Error) && sent.ok) break;
      const why = sent instanceof Error ? sent.message : String(sent.status);
      if (attempt === 30) throw new Error(`the bench's upload failed: ${why}`);
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    const normalized = await fetch(`${origin}/api/objects/normalize`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ rawPath: target.rawPath }),
    });
    const { normalizedPath } = (await normalized.json()) as { normalizedPath: string };
    const created = await fetch(`${origin}/api/videos`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({
        title: "A bench of bars, transcoded",
        description: "Measured while its ladder is made.",
        videoUrl: normalizedPath,
        thumbnailUrl: "/uploads/seed/one-cloud-unremarkable-poster.jpg",
        duration: CLIP_SECONDS,
        category: "Meh Moments",
      }),
    });
    const { id } = (await created.json()) as { id: number };
    for (;;) {
      const now = await streaming(origin, auth, id);
      if (now.status === "unavailable") return null;
      if (now.status === "running") {
        const progress = () => streaming(origin, auth, id);
        return { progress, ended: () => transcodeEnded(progress) };
      }
      if (now.status !== "queued") throw new Error(`the bench's transcode ended before it was measured: ${now.status}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Once the ladder is made (or its making failed): how it ended. */
async function transcodeEnded(progress: () => Promise<Streaming>): Promise<Streaming> {
  for (;;) {
    const now = await progress();
    if (now.status !== "running" && now.status !== "queued") return now;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}
