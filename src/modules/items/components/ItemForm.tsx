import type { ReactNode } from "react";
import { CategorySelect, FeaturedCheckbox, RatingInput, SlugField } from "@/components/admin/FormControls";
import { PublicationActions } from "@/modules/editorial/components/PublicationActions";
import type { ItemForm as Form } from "./use-item-form";

/**
 * An item's dialog form (SPEC §4), its fields in the order every kind shows them: title,
 * slug, the kind's `body` (its own words), category, rating, featured, the kind's `media`,
 * the three analysis fields, the kind's `footer`, and the publishing buttons.
 */
export function ItemForm<N extends string, I>({
  form,
  kind,
  noun,
  body,
  media,
  footer,
}: {
  form: Form<N, I>;
  /** Where its slugs are found free: "posts", "videos". */
  kind: "posts" | "videos";
  /** What the buttons name: "Post", "Video". */
  noun: string;
  body: ReactNode;
  media: ReactNode;
  footer?: ReactNode;
}) {
  const { fields, item, errors } = form;
  const { id } = fields;
  return (
    <form className="post-form" onSubmit={form.submit} noValidate>
      {form.textField("title", "Title")}
      <SlugField id={`${id}-slug`} slug={item?.slug} title={fields.text.title} kind={kind} />
      {body}
      <CategorySelect
        id={`${id}-category`}
        value={fields.category}
        error={errors.category}
        onChange={fields.setCategory}
      />
      <RatingInput id={`${id}-rating`} value={fields.rating} onChange={fields.setRating} />
      <FeaturedCheckbox id={`${id}-featured`} checked={fields.featured} onChange={fields.setFeatured} />
      {media}
      {form.textField("existentialEcho", "Existential echo", 3)}
      {form.textField("soundtrackPotential", "Soundtrack potential", 3)}
      {form.textField("emotionalTexture", "Emotional texture", 3)}
      {footer}
      <PublicationActions
        id={`${id}-publication`}
        noun={noun}
        saveLabel={item ? `Update ${noun}` : `Create ${noun}`}
        {...form.publication}
        error={errors.publishedAt ?? errors.status}
        note={form.note}
        pending={form.pending}
        onCancel={form.onCancel}
      />
    </form>
  );
}
