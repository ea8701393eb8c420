import { useId, useRef, useState } from "react";
import { FieldError } from "@/components/admin/FormControls";
import { formatDuration } from "@/lib/format";
import { uploadFile } from "@/modules/uploads/components/direct-upload";

/** The widest poster drawn from a frame: as wide as the players show it, and well under the image limit. */
const MAX_POSTER_WIDTH = 1280;

const TAINTED =
  "The video's server does not let this page read its frames (no CORS header for this site): upload a poster image instead.";

/**
 * The frame showing in `video` as a JPEG, at the video's own size or at most 1280 wide.
 * A video from another origin that sends no CORS header taints the canvas, and reading it
 * then throws a SecurityError: that is told in words a person can act on.
 */
function drawnFrame(video: HTMLVideoElement): Promise<Blob> {
  const scale = Math.min(1, MAX_POSTER_WIDTH / video.videoWidth);
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(video.videoWidth * scale);
  canvas.height = Math.round(video.videoHeight * scale);
  canvas.getContext("2d")?.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) => {
    try {
      canvas.toBlob(
        (blob) => {
          if (blob) resolve(blob);
          else reject(new Error("The frame could not be drawn. Please try again."));
        },
        "image/jpeg",
        0.85,
      );
    } catch (error) {
      const tainted = error instanceof DOMException && error.name === "SecurityError";
      reject(new Error(tainted ? TAINTED : "The frame could not be drawn. Please try again."));
    }
  });
}

interface PosterFromFrameProps {
  /** The video uploaded for this item, as the site serves it. */
  videoUrl: string;
  /** Hears of the poster's path once the frame is uploaded as an image. */
  onPoster: (path: string) => void;
}

/**
 * The uploaded video, to scrub (a slider, or the video's own controls) to the frame that
 * should be its poster; "Use this frame" draws that frame in the browser and uploads it as
 * an image, along the upload button's path.
 */
export function PosterFromFrame({ videoUrl, onPoster }: PosterFromFrameProps) {
  const id = useId();
  const video = useRef<HTMLVideoElement>(null);
  const [duration, setDuration] = useState(0);
  const [time, setTime] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  // Asked for with CORS first, so a frame of a video elsewhere can be read; a server that
  // does not allow it gets the video asked for plainly, to play at least (its frames then
  // taint the canvas, and "Use this frame" says why it cannot).
  const [cors, setCors] = useState(true);

  const takeFrame = () => {
    const shown = video.current;
    if (!shown) return;
    setBusy(true);
    setError(undefined);
    drawnFrame(shown)
      .then((blob) => uploadFile("image", new File([blob], "poster.jpg", { type: "image/jpeg" })))
      .then(onPoster, (failure: unknown) => {
        setError(failure instanceof Error ? failure.message : "The frame could not be used. Please try again.");
      })
      .finally(() => {
        setBusy(false);
      });
  };

  return (
    <div className="poster-frame">
      {/* Muted, as nothing here needs sound; made anew when asked for without CORS. */}
      <video
        key={cors ? "cors" : "plain"}
        ref={video}
        src={videoUrl}
        crossOrigin={cors ? "anonymous" : undefined}
        onError={() => {
          setCors(false);
        }}
        muted
        controls
        playsInline
        preload="auto"
        onLoadedMetadata={(e) => {
          setDuration(e.currentTarget.duration);
        }}
        onTimeUpdate={(e) => {
          setTime(e.currentTarget.currentTime);
        }}
      />
      <label htmlFor={`${id}-frame`}>Frame at {formatDuration(Math.floor(time))}</label>
      <input
        id={`${id}-frame`}
        type="range"
        min={0}
        max={duration || 0}
        step={0.1}
        value={time}
        disabled={!duration}
        aria-valuetext={formatDuration(Math.floor(time))}
        onChange={(e) => {
          const at = Number(e.target.value);
          setTime(at);
          if (video.current) video.current.currentTime = at;
        }}
      />
      <button type="button" className="button button--quiet" disabled={!duration || busy} onClick={takeFrame}>
        {busy ? "Using this frame…" : "Use this frame"}
      </button>
      <FieldError message={error} />
    </div>
  );
}
