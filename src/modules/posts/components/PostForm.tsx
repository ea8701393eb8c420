import { useCallback, useId, useState } from "react";
import {
  CategorySelect,
  CheckboxField,
  FeaturedCheckbox,
  RatingInput,
  SlugField,
  TextField,
  useEditorForm,
} from "@/components/admin/FormControls";
import type { FormProps } from "@/modules/editorial/components/ManagerShell";
import { clampRating } from "@/lib/form-fields";
import { PLACEHOLDER_IMAGE } from "@/lib/image-url";
import { UploadButton } from "@/modules/uploads/components/UploadButton";
import { PublicationActions, usePublishing } from "@/modules/editorial/components/PublicationActions";
import { autosaveText, useAutosave } from "@/modules/editorial/components/use-autosave";
import { readTime } from "../read-time";
import { postInputSchema, type PostInput } from "../schema";
import type { AdminPostJson } from "../serialize";
import { GalleryEditor, type GalleryItem } from "./GalleryEditor";

interface PostFormProps extends Omit<FormProps<AdminPostJson, PostInput>, "item"> {
  /** The post being edited; none for a new post. */
  post?: AdminPostJson;
  images?: readonly { imageUrl: string; description: string | null; caption?: string | null }[];
}

type TextName = "title" | "excerpt" | "content" | "existentialEcho" | "soundtrackPotential" | "emotionalTexture";

/** The post dialog's form (SPEC §4): empty for new, prefilled for edit; validated by the endpoint's schema. */
export function PostForm({ post, images = [], autosave: autosaveTo, pending, onSubmit, onCancel }: PostFormProps) {
  const id = useId();
  const [text, setText] = useState<Record<TextName, string>>({
    title: post?.title ?? "",
    excerpt: post?.excerpt ?? "",
    content: post?.content ?? "",
    existentialEcho: post?.existentialEcho ?? "",
    soundtrackPotential: post?.soundtrackPotential ?? "",
    emotionalTexture: post?.emotionalTexture ?? "",
  });
  const [category, setCategory] = useState(post?.category ?? "");
  const [rating, setRating] = useState(String(clampRating(post?.mehRating)));
  const [featured, setFeatured] = useState(post?.featured ?? false);
  const [imageUrl, setImageUrl] = useState(post?.imageUrl ?? PLACEHOLDER_IMAGE);
  const [imageAlt, setImageAlt] = useState(post?.imageAlt ?? "");
  const [imageDecorative, setImageDecorative] = useState(post?.imageDecorative ?? false);
  const [gallery, setGallery] = useState<GalleryItem[]>(
    images.map((i) => ({ imageUrl: i.imageUrl, description: i.description ?? "", caption: i.caption ?? "" })),
  );
  const setCover = useCallback((path: string) => {
    setImageUrl(path);
  }, []);
  const publishing = usePublishing(post);

  const work: PostInput = {
    ...text,
    category: category as PostInput["category"],
    mehRating: clampRating(rating),
    featured,
    imageUrl,
    imageAlt,
    imageDecorative,
    readTime: readTime(text.content),
    images: gallery.map((item) => ({ imageUrl: item.imageUrl, description: item.description, caption: item.caption })),
  };
  const input: PostInput = { ...work, ...publishing.fields };
  const autosave = useAutosave<PostInput>(autosaveTo, postInputSchema, work);
  const { errors, submit } = useEditorForm(
    postInputSchema,
    input,
    onSubmit,
    (submitter) => ({ ...input, ...publishing.fieldsFor(submitter) }),
    autosave.settled,
  );

  const field = (name: TextName, label: string, multiline = false) => (
    <TextField
      id={`${id}-${name}`}
      label={label}
      value={text[name]}
      rows={multiline ? (name === "content" ? 12 : 3) : 0}
      error={errors[name]}
      onChange={(value) => {
        setText({ ...text, [name]: value });
      }}
    />
  );

  return (
    <form className="post-form" onSubmit={submit} noValidate>
      {field("title", "Title")}
      <SlugField id={`${id}-slug`} slug={post?.slug} title={text.title} kind="posts" />
      {field("excerpt", "Excerpt", true)}
      {field("content", "Content", true)}
      <CategorySelect id={`${id}-category`} value={category} error={errors.category} onChange={setCategory} />
      <RatingInput id={`${id}-rating`} value={rating} onChange={setRating} />
      <FeaturedCheckbox id={`${id}-featured`} checked={featured} onChange={setFeatured} />
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
            error={errors.imageAlt}
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
      {field("existentialEcho", "Existential echo", true)}
      {field("soundtrackPotential", "Soundtrack potential", true)}
      {field("emotionalTexture", "Emotional texture", true)}
      <p className="meta">Read time: {readTime(text.content)} min</p>
      <PublicationActions
        id={`${id}-publication`}
        noun="Post"
        saveLabel={post ? "Update Post" : "Create Post"}
        {...publishing.controls}
        error={errors.publishedAt ?? errors.status}
        note={autosaveText(autosave)}
        pending={pending}
        onCancel={onCancel}
      />
    </form>
  );
}
