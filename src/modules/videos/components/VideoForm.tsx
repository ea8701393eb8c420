import { useCallback, useId, useState } from "react";
import {
  CategorySelect,
  FeaturedCheckbox,
  FieldError,
  RatingInput,
  SlugField,
  TextField,
  useEditorForm,
} from "@/components/admin/FormControls";
import type { FormProps } from "@/modules/editorial/components/ManagerShell";
import { clampRating } from "@/lib/form-fields";
import { formatDuration } from "@/lib/format";
import { UploadButton } from "@/modules/uploads/components/UploadButton";
import { PublicationActions, usePublishing } from "@/modules/editorial/components/PublicationActions";
import { autosaveText, useAutosave } from "@/modules/editorial/components/use-autosave";
import { videoInputSchema, type VideoInput } from "../schema";
import type { AdminVideoJson } from "../serialize";

type TextName = "title" | "description" | "existentialEcho" | "soundtrackPotential" | "emotionalTexture";

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

/** The video dialog's form, in the post form's manner: empty for new, prefilled for edit. */
export function VideoForm({
  item,
  autosave: autosaveTo,
  pending,
  onSubmit,
  onCancel,
}: FormProps<AdminVideoJson, VideoInput>) {
  const id = useId();
  const [text, setText] = useState<Record<TextName, string>>({
    title: item?.title ?? "",
    description: item?.description ?? "",
    existentialEcho: item?.existentialEcho ?? "",
    soundtrackPotential: item?.soundtrackPotential ?? "",
    emotionalTexture: item?.emotionalTexture ?? "",
  });
  const [category, setCategory] = useState(item?.category ?? "");
  const [rating, setRating] = useState(String(clampRating(item?.mehRating)));
  const [featured, setFeatured] = useState(item?.featured ?? false);
  const [videoUrl, setVideoUrl] = useState(item?.videoUrl ?? "");
  const [thumbnailUrl, setThumbnailUrl] = useState(item?.thumbnailUrl ?? "");
  const [captionsUrl, setCaptionsUrl] = useState<string | null>(item?.captionsUrl ?? null);
  const [duration, setDuration] = useState(String(item?.duration ?? 0));
  const publishing = usePublishing(item);

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
  const captionsUploaded = useCallback((path: string) => {
    setCaptionsUrl(path);
  }, []);

  const work: VideoInput = {
    ...text,
    category: category as VideoInput["category"],
    mehRating: clampRating(rating),
    featured,
    videoUrl,
    thumbnailUrl,
    captionsUrl,
    duration: Number(duration),
  };
  const input: VideoInput = { ...work, ...publishing.fields };
  const autosave = useAutosave<VideoInput>(autosaveTo, videoInputSchema, work);
  const { errors, submit } = useEditorForm(
    videoInputSchema,
    input,
    onSubmit,
    (submitter) => ({ ...input, ...publishing.fieldsFor(submitter) }),
    autosave.settled,
  );

  const error = (name: string) => <FieldError message={errors[name]} />;
  const field = (name: TextName, label: string, rows = 0) => (
    <TextField
      id={`${id}-${name}`}
      label={label}
      value={text[name]}
      rows={rows}
      error={errors[name]}
      onChange={(value) => {
        setText({ ...text, [name]: value });
      }}
    />
  );

  return (
    <form className="post-form" onSubmit={submit} noValidate>
      {field("title", "Title")}
      <SlugField id={`${id}-slug`} slug={item?.slug} title={text.title} kind="videos" />
      {field("description", "Description", 6)}
      <CategorySelect id={`${id}-category`} value={category} error={errors.category} onChange={setCategory} />
      <RatingInput id={`${id}-rating`} value={rating} onChange={setRating} />
      <FeaturedCheckbox id={`${id}-featured`} checked={featured} onChange={setFeatured} />
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
        {error("thumbnailUrl")}
      </fieldset>
      <fieldset className="cover-editor">
        <legend>Captions</legend>
        <p className="meta">{captionsUrl ?? "No captions yet: a WebVTT (.vtt) file, up to 1 MB."}</p>
        <UploadButton
          label="Upload captions"
          kind="captions"
          successText="Captions have been uploaded successfully"
          onUploaded={captionsUploaded}
        />
        {captionsUrl && (
          <button
            type="button"
            className="button button--quiet"
            onClick={() => {
              setCaptionsUrl(null);
            }}
          >
            Remove captions
          </button>
        )}
        {error("captionsUrl")}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-duration`}>Duration (seconds)</label>
        <input
          id={`${id}-duration`}
          type="number"
          min={0}
          value={duration}
          onChange={(e) => {
            setDuration(e.target.value);
          }}
        />
        {error("duration")}
      </div>
      {field("existentialEcho", "Existential echo", 3)}
      {field("soundtrackPotential", "Soundtrack potential", 3)}
      {field("emotionalTexture", "Emotional texture", 3)}
      <PublicationActions
        id={`${id}-publication`}
        noun="Video"
        saveLabel={item ? "Update Video" : "Create Video"}
        {...publishing.controls}
        error={errors.publishedAt ?? errors.status}
        note={autosaveText(autosave)}
        pending={pending}
        onCancel={onCancel}
      />
    </form>
  );
}
