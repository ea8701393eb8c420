import { useCallback, useState } from "react";
import { CheckboxField, TextField } from "@/components/admin/FormControls";
import type { FormProps } from "@/modules/editorial/components/manager-config";
import { PLACEHOLDER_IMAGE } from "@/lib/image-url";
import { UploadButton } from "@/modules/uploads/components/UploadButton";
import { ItemForm } from "@/modules/items/components/ItemForm";
import { BLANK_ITEM, startOf, useItemFields, useItemForm } from "@/modules/items/components/use-item-form";
import { editableBody } from "../editable-body";
import { postInputSchema, type PostInput } from "../schema";
import type { AdminPostJson } from "../serialize";
import { BodyField } from "./body-editor/BodyField";
import { GalleryEditor, type GalleryItem } from "./GalleryEditor";

interface PostFormProps extends Omit<FormProps<AdminPostJson, PostInput>, "item"> {
  /** The post being edited; none for a new post. */
  post?: AdminPostJson;
  images?: readonly { imageUrl: string; description: string | null; caption?: string | null }[];
}

const BLANK_POST = {
  ...BLANK_ITEM,
  excerpt: "",
  content: "",
  imageUrl: PLACEHOLDER_IMAGE,
  imageAlt: "",
  imageDecorative: false,
};

/** The post dialog's form (SPEC §4): empty for new (or the work it continues), prefilled for edit; validated by the endpoint's schema. */
export function PostForm({ post, images = [], resumed, autosave, pending, onSubmit, onCancel }: PostFormProps) {
  const from = startOf(post, BLANK_POST, resumed);
  const fields = useItemFields(from, {
    excerpt: from?.excerpt ?? "",
    content: post ? editableBody(post) : (from?.content ?? ""),
  });
  const [imageUrl, setImageUrl] = useState(from?.imageUrl ?? PLACEHOLDER_IMAGE);
  const [imageAlt, setImageAlt] = useState(from?.imageAlt ?? "");
  const [imageDecorative, setImageDecorative] = useState(from?.imageDecorative ?? false);
  const [gallery, setGallery] = useState<GalleryItem[]>(
    images.map((i) => ({ imageUrl: i.imageUrl, description: i.description ?? "", caption: i.caption ?? "" })),
  );
  const setCover = useCallback((path: string) => {
    setImageUrl(path);
  }, []);

  const work: PostInput = {
    ...fields.values,
    format: "markdown",
    imageUrl,
    imageAlt,
    imageDecorative,
    images: gallery.map((item) => ({ imageUrl: item.imageUrl, description: item.description, caption: item.caption })),
  };
  const form = useItemForm(fields, post, postInputSchema, work, { autosave, pending, onSubmit, onCancel });
  const { id, setText } = fields;
  const setContent = useCallback(
    (content: string) => {
      setText((text) => ({ ...text, content }));
    },
    [setText],
  );

  return (
    <ItemForm
      form={form}
      kind="posts"
      noun="Post"
      body={
        <>
          {form.textField("excerpt", "Excerpt", 3)}
          <BodyField
            id={`${id}-content`}
            value={fields.text.content}
            error={form.errors.content}
            postId={post?.id}
            onChange={setContent}
          />
        </>
      }
      media={
        <>
          <fieldset className="cover-editor">
            <legend>Cover image</legend>
            <img src={imageUrl} alt="" width={160} height={90} />
            <UploadButton
              label="Upload cover"
              kind="image"
              successText="Cover image has been uploaded successfully"
              onUploaded={setCover}
            />
            {!imageDecorative && (
              <TextField
                id={`${id}-image-alt`}
                label="Alt text (what the cover shows)"
                value={imageAlt}
                error={form.errors.imageAlt}
                onChange={setImageAlt}
              />
            )}
            <CheckboxField
              id={`${id}-image-decorative`}
              label="Decorative: it shows nothing a reader needs"
              checked={imageDecorative}
              onChange={setImageDecorative}
            />
          </fieldset>
          <GalleryEditor items={gallery} onChange={setGallery} />
        </>
      }
    />
  );
}
