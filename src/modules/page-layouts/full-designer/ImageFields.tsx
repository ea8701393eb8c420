import { useId, type Dispatch } from "react";
import { UploadButton } from "@/modules/uploads/components/UploadButton";
import { altFault } from "../element-edits";
import { useDraft } from "./use-draft";
import type { LayoutAction } from "../layout-document";
import { MAX_ALT, type LayoutElement } from "../schema";
import "./image-fields.css";

interface Props {
  /** An image element. */
  element: LayoutElement;
  dispatch: Dispatch<LayoutAction>;
}

/**
 * An image's upload and its words, in both editors: the file goes through the site's one
 * upload path (`UploadButton`) and becomes the image's source; the alt text is required
 * unless the owner marks the image decorative, and the field says so until it is given.
 */
export default function ImageFields({ element, dispatch }: Props) {
  const id = useId();
  const draft = useDraft(element.alt ?? "");
  const decorative = element.decorative === true;
  const fault = altFault(element, draft.shown);
  return (
    <fieldset className="image-fields">
      <legend>File and alt text</legend>
      <UploadButton
        label="Upload image"
        kind="image"
        successText="The image has been uploaded: describe it for visitors who cannot see it."
        onUploaded={(path) => {
          dispatch({ type: "editContent", id: element.id, content: path });
        }}
      />
      <div className="image-fields__alt">
        <label htmlFor={`${id}-alt`}>Alt text</label>
        <input
          id={`${id}-alt`}
          type="text"
          maxLength={MAX_ALT}
          value={decorative ? "" : draft.shown}
          disabled={decorative}
          aria-invalid={fault ? true : undefined}
          aria-describedby={fault ? `${id}-fault` : `${id}-hint`}
          onFocus={draft.focus}
          onBlur={() => {
            draft.blur(fault !== undefined);
          }}
          onChange={(event) => {
            const gesture = draft.typed(event.target.value);
            dispatch({ type: "editAlt", id: element.id, alt: event.target.value, gesture });
          }}
        />
        {fault ? (
          <p id={`${id}-fault`} className="field-error">
            {fault}
          </p>
        ) : (
          <p id={`${id}-hint`} className="image-fields__hint">
            {decorative
              ? "Decorative: visitors' screen readers pass over it."
              : "What the image shows, read in its place to whoever cannot see it."}
          </p>
        )}
      </div>
      <label className="image-fields__decorative">
        <input
          type="checkbox"
          checked={decorative}
          onChange={(event) => {
            dispatch({ type: "markDecorative", id: element.id, decorative: event.target.checked });
          }}
        />
        Decorative only (no alt text)
      </label>
    </fieldset>
  );
}
