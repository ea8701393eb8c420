import { useId, useState } from "react";
import { CheckboxField, TextField } from "@/components/admin/FormControls";
import { InnerDialog } from "@/components/admin/InnerDialog";
import type { Figure } from "../../editing/blocks";

/**
 * Asks what an uploaded image shows before it goes into the post: its alt text, or that it
 * is decorative (a choice the owner makes, never a default), and a caption if any.
 * `onDone` hears the figure, or null when the owner cancels and nothing is inserted.
 */
export function FigureDialog({
  src,
  name,
  onDone,
  onClosed,
}: {
  src: string;
  /** The file's name, so the owner knows which image this is. */
  name: string;
  onDone: (figure: Figure | null) => void;
  /** It has closed: the focus may go back to the text. */
  onClosed: () => void;
}) {
  const id = useId();
  const [alt, setAlt] = useState("");
  const [caption, setCaption] = useState("");
  const [decorative, setDecorative] = useState(false);
  const [error, setError] = useState<string>();
  const cancel = () => {
    onDone(null);
  };
  return (
    <InnerDialog
      title="Describe the image"
      submitLabel="Insert image"
      onCancel={cancel}
      onClosed={onClosed}
      onSubmit={() => {
        if (!decorative && !alt.trim()) setError("Describe the image, or mark it decorative");
        else onDone({ src, alt, caption, decorative });
      }}
    >
      <figure className="inner-dialog__figure">
        <img src={src} alt="" width={240} height={135} />
        <figcaption className="meta">{name}</figcaption>
      </figure>
      {!decorative && (
        <TextField
          id={`${id}-alt`}
          label="Alt text (what the image shows)"
          value={alt}
          error={error}
          onChange={setAlt}
        />
      )}
      <CheckboxField
        id={`${id}-decorative`}
        label="Decorative: it shows nothing a reader needs"
        checked={decorative}
        onChange={setDecorative}
      />
      <TextField id={`${id}-caption`} label="Caption (optional)" value={caption} onChange={setCaption} />
    </InnerDialog>
  );
}
