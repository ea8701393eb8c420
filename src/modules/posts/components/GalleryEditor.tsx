import { useCallback, useState } from "react";
import { UploadButton } from "@/modules/uploads/components/UploadButton";
import { MAX_GALLERY_IMAGES } from "../schema";

export interface GalleryItem {
  imageUrl: string;
  /** What the image shows: its alt text. */
  description: string;
  /** Words shown under it, if any. */
  caption: string;
}

/**
 * A post's additional images (SPEC §4): add one with a description (its alt text) and an
 * optional caption, remove, move up or down. The list's order is the display order,
 * renumbered on save.
 */
export function GalleryEditor({ items, onChange }: { items: GalleryItem[]; onChange: (items: GalleryItem[]) => void }) {
  const [description, setDescription] = useState("");
  const [caption, setCaption] = useState("");
  const add = useCallback(
    (imageUrl: string) => {
      onChange([...items, { imageUrl, description, caption }]);
      setDescription("");
      setCaption("");
    },
    [items, description, caption, onChange],
  );
  const move = (from: number, to: number) => {
    const next = [...items];
    const [item] = next.splice(from, 1);
    if (item) next.splice(to, 0, item);
    onChange(next);
  };

  return (
    <fieldset className="gallery-editor">
      <legend>Additional images</legend>
      <ol>
        {items.map((item, index) => (
          <li key={`${item.imageUrl}-${String(index)}`}>
            <img src={item.imageUrl} alt="" width={80} height={60} />
            <span>
              {item.description || "No description"}
              {item.caption && <span className="meta"> Caption: {item.caption}</span>}
            </span>
            <button
              type="button"
              className="button button--quiet"
              disabled={index === 0}
              onClick={() => {
                move(index, index - 1);
              }}
            >
              Move up
            </button>
            <button
              type="button"
              className="button button--quiet"
              disabled={index === items.length - 1}
              onClick={() => {
                move(index, index + 1);
              }}
            >
              Move down
            </button>
            <button
              type="button"
              className="button button--quiet"
              onClick={() => {
                onChange(items.filter((_, i) => i !== index));
              }}
            >
              Remove
            </button>
          </li>
        ))}
      </ol>
      {items.length < MAX_GALLERY_IMAGES ? (
        <>
          <div className="field">
            <label htmlFor="gallery-description">Description of the next image</label>
            <input
              id="gallery-description"
              value={description}
              maxLength={500}
              aria-describedby="gallery-description-hint"
              onChange={(e) => {
                setDescription(e.target.value);
              }}
            />
            <p className="meta" id="gallery-description-hint">
              What it shows, read out to those who cannot see it.
            </p>
          </div>
          <div className="field">
            <label htmlFor="gallery-caption">Caption of the next image (optional)</label>
            <input
              id="gallery-caption"
              value={caption}
              maxLength={300}
              onChange={(e) => {
                setCaption(e.target.value);
              }}
            />
          </div>
          <UploadButton
            label="Add image"
            kind="image"
            successText="Additional image has been uploaded successfully"
            onUploaded={add}
          />
        </>
      ) : (
        <p className="meta">
          That is {MAX_GALLERY_IMAGES} images, the most a post can have. Remove one to add another.
        </p>
      )}
    </fieldset>
  );
}
