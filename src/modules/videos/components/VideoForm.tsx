import { useCallback, useState } from "react";
import { FieldError } from "@/components/admin/FormControls";
import type { FormProps } from "@/modules/editorial/components/manager-config";
import { formatDuration } from "@/lib/format";
import { UploadButton } from "@/modules/uploads/components/UploadButton";
import { ItemForm } from "@/modules/items/components/ItemForm";
import { BLANK_ITEM, startOf, useItemFields, useItemForm } from "@/modules/items/components/use-item-form";
import { videoInputSchema, type VideoInput } from "../schema";
import { TrackField } from "./TrackField";
import type { AdminVideoJson } from "../serialize";
import { PosterFromFrame } from "./PosterFromFrame";
import { DraftCaptions } from "./DraftCaptions";

/** Whole seconds of a video, read by the browser from the file's own metadata. */
function readDuration(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = document.createElement("video");
    probe.preload = "metadata";
    probe.onloadedmetadata = () => {
      resolve(Math.round(probe.duration));
    };
    probe.onerror = () => {
      reject(new Error("unreadable video"));
    };
    probe.src = url;
  });
}

const BLANK_VIDEO = {
  ...BLANK_ITEM,
  description: "",
  videoUrl: "",
  thumbnailUrl: "",
  captionsUrl: null,
  chaptersUrl: null,
  duration: 0,
};

/** The video dialog's form, in the post form's manner: empty for new (or the work it continues), prefilled for edit. */
export function VideoForm({
  item,
  resumed,
  autosave,
  pending,
  onSubmit,
  onCancel,
}: FormProps<AdminVideoJson, VideoInput>) {
  const from = startOf(item, BLANK_VIDEO, resumed);
  const fields = useItemFields(from, { description: from?.description ?? "" });
  const [videoUrl, setVideoUrl] = useState(from?.videoUrl ?? "");
  const [thumbnailUrl, setThumbnailUrl] = useState(from?.thumbnailUrl ?? "");
  const [captionsUrl, setCaptionsUrl] = useState<string | null>(from?.captionsUrl ?? null);
  const [chaptersUrl, setChaptersUrl] = useState<string | null>(from?.chaptersUrl ?? null);
  const [duration, setDuration] = useState(String(from?.duration ?? 0));

  const videoUploaded = useCallback((path: string) => {
    setVideoUrl(path);
    readDuration(path).then(
      (seconds) => {
        setDuration(String(seconds));
      },
      () => undefined,
    );
  }, []);
  const posterUploaded = useCallback((path: string) => {
    setThumbnailUrl(path);
  }, []);

  const work: VideoInput = {
    ...fields.values,
    videoUrl,
    thumbnailUrl,
    captionsUrl,
    chaptersUrl,
    duration: Number(duration),
  };
  const form = useItemForm(fields, item, videoInputSchema, work, { autosave, pending, onSubmit, onCancel });
  const error = (name: string) => <FieldError message={form.errors[name]} />;

  return (
    <ItemForm
      form={form}
      kind="videos"
      noun="Video"
      body={form.textField("description", "Description", 6)}
      media={
        <>
          <fieldset className="cover-editor">
            <legend>Video file</legend>
            <p className="meta">
              {videoUrl || "No video yet"} · {formatDuration(Number(duration) || 0)}
            </p>
            <UploadButton
              label="Upload video"
              kind="video"
              successText="Video has been uploaded successfully"
              onUploaded={videoUploaded}
            />
            {error("videoUrl")}
          </fieldset>
          <fieldset className="cover-editor">
            <legend>Poster image</legend>
            {thumbnailUrl && <img src={thumbnailUrl} alt="" width={160} height={90} />}
            <UploadButton
              label="Upload poster"
              kind="image"
              successText="Poster image has been uploaded successfully"
              onUploaded={posterUploaded}
            />
            {videoUrl && <PosterFromFrame videoUrl={videoUrl} onPoster={posterUploaded} />}
            {error("thumbnailUrl")}
          </fieldset>
          <TrackField
            name="Captions"
            url={captionsUrl}
            emptyText="No captions yet: a WebVTT (.vtt) file, up to 1 MB."
            onChange={setCaptionsUrl}
            error={form.errors.captionsUrl}
          >
            <DraftCaptions videoUrl={videoUrl} onSaved={setCaptionsUrl} />
          </TrackField>
          <TrackField
            name="Chapters"
            url={chaptersUrl}
            emptyText="No chapters file. Lines like “0:00 Intro” in the description make chapters too; a WebVTT chapters file has one cue per chapter."
            onChange={setChaptersUrl}
            error={form.errors.chaptersUrl}
          />
          <div className="field">
            <label htmlFor={`${fields.id}-duration`}>Duration (seconds)</label>
            <input
              id={`${fields.id}-duration`}
              type="number"
              min={0}
              value={duration}
              onChange={(e) => {
                setDuration(e.target.value);
              }}
            />
            {error("duration")}
          </div>
        </>
      }
    />
  );
}
