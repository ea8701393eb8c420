import { useCallback, useState } from "react";
import { UploadButton } from "@/modules/uploads/components/UploadButton";
import { MAX_GALLERY_IMAGES } from "../schema";

export interface GalleryItem {
  imageUrl: string;
  description: string;
}

/**
 * A post's additional images (SPEC §4): add one with a description, remove, move up or
 * down. The list's order is the display order, renumbered on save.
 */
export function GalleryEditor({ items, onChange }: { items: GalleryItem[]; onChange: (items: GalleryItem[]) => void }) {
  const [description, setDescription] = useState("");
  const add = useCallback(
    (imageUrl: string) => {
      onChange([...items, { imageUrl, description }]);
      setDescription("");
    },
    [items, description, onChange],
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
            <span>{item.description || "No description"}</span>
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
              onChange={(e) => {
                setDescription(e.target.value);
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
