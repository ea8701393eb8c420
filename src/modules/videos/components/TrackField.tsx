import type { ReactNode } from "react";
import { FieldError } from "@/components/admin/FormControls";
import { UploadButton } from "@/modules/uploads/components/UploadButton";

interface Props {
  /** What the track is, as the legend and buttons name it: "Captions", "Chapters". */
  name: string;
  /** The uploaded file's path, or null for none. */
  url: string | null;
  /** What is said while there is none. */
  emptyText: string;
  onChange: (url: string | null) => void;
  error: string | undefined;
  /** More ways to fill it, under its buttons. */
  children?: ReactNode;
}

/** A WebVTT file beside the video (captions, chapters): uploaded, replaced or taken away. */
export function TrackField({ name, url, emptyText, onChange, error, children }: Props) {
  const lower = name.toLowerCase();
  return (
    <fieldset className="cover-editor">
      <legend>{name}</legend>
      <p className="meta">{url ?? emptyText}</p>
      <UploadButton
        label={`Upload ${lower}`}
        kind="captions"
        successText={`${name} have been uploaded successfully`}
        onUploaded={onChange}
      />
      {url && (
        <button
          type="button"
          className="button button--quiet"
          onClick={() => {
            onChange(null);
          }}
        >
          Remove {lower}
        </button>
      )}
      {children}
      <FieldError message={error} />
    </fieldset>
  );
}
