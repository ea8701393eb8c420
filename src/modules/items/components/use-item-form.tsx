import { useId, useState } from "react";
import type { z } from "zod";
import { TextField, useEditorForm } from "@/components/admin/FormControls";
import type { Category } from "@/lib/categories";
import { clampRating } from "@/lib/form-fields";
import { withKept } from "@/modules/editorial/components/kept-fields";
import { MEH_RATING } from "../../../../db/domain-constants.ts";
import { usePublishing, type Standing } from "@/modules/editorial/components/PublicationActions";
import { autosaveText, useAutosave, type AutosaveTarget } from "@/modules/editorial/components/use-autosave";

/** What every item's form edits, as the admin reads the item. */
export interface EditedItem extends Standing {
  slug: string;
  title: string;
  category: string;
  mehRating: number;
  featured: boolean;
  existentialEcho: string | null;
  soundtrackPotential: string | null;
  emotionalTexture: string | null;
}

/** What every item's form starts from when new: a new item's work kept in the browser is laid over it (`startOf`). */
export const BLANK_ITEM = {
  title: "",
  category: "",
  mehRating: MEH_RATING.default,
  featured: false,
  existentialEcho: "",
  soundtrackPotential: "",
  emotionalTexture: "",
};

/**
 * What a form opens on: the item edited, else the new item's work it continues, read over
 * `blank` (the kind's own fields with `BLANK_ITEM`'s), else nothing.
 */
export const startOf = <T extends object, B extends object>(
  item: T | undefined,
  blank: B,
  resumed: Readonly<Record<string, unknown>> | undefined,
): T | B | undefined => item ?? (resumed ? withKept(blank, resumed) : undefined);

/**
 * The fields every item's form has, as the form holds them: its text fields (the shared
 * ones and the kind's own `texts`), category, rating and featured switch. `values` are
 * those as the form sends them, for the kind to add its own to.
 */
export function useItemFields<N extends string>(item: Partial<EditedItem> | undefined, texts: Record<N, string>) {
  const id = useId();
  const [text, setText] = useState({
    title: item?.title ?? "",
    ...texts,
    existentialEcho: item?.existentialEcho ?? "",
    soundtrackPotential: item?.soundtrackPotential ?? "",
    emotionalTexture: item?.emotionalTexture ?? "",
  });
  const [category, setCategory] = useState(item?.category ?? "");
  const [rating, setRating] = useState(String(clampRating(item?.mehRating)));
  const [featured, setFeatured] = useState(item?.featured ?? false);
  return {
    id,
    text,
    setText,
    category,
    setCategory,
    rating,
    setRating,
    featured,
    setFeatured,
    values: { ...text, category: category as Category, mehRating: clampRating(rating), featured },
  };
}

export type ItemFormFields<N extends string> = ReturnType<typeof useItemFields<N>>;

/** What the manager hands an item's form, beside the item (`FormProps`). */
interface FormHandlers<I> {
  autosave?: AutosaveTarget;
  pending: boolean;
  onSubmit: (input: I) => void;
  onCancel: () => void;
}

/**
 * What an item's form does with its work: the publishing buttons' fields, the autosave of
 * an edit (into `autosave`), field errors by the endpoint's `schema`, and the submit.
 * `textField` draws one of the form's text fields with its error.
 */
export function useItemForm<N extends string, I>(
  fields: ItemFormFields<N>,
  item: EditedItem | undefined,
  schema: z.ZodType<I>,
  work: I,
  { autosave: autosaveTo, pending, onSubmit, onCancel }: FormHandlers<I>,
) {
  const publishing = usePublishing(item);
  const input: I = { ...work, ...publishing.fields };
  const autosave = useAutosave<I>(autosaveTo, schema, work);
  const { errors, submit } = useEditorForm(
    schema,
    input,
    onSubmit,
    (submitter) => ({ ...input, ...publishing.fieldsFor(submitter) }),
    autosave.settled,
  );
  const { id, text, setText } = fields;
  return {
    fields,
    item,
    pending,
    onCancel,
    errors,
    submit,
    publication: publishing.controls,
    note: autosaveText(autosave),
    textField: (name: keyof typeof text, label: string, rows = 0) => (
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
    ),
  };
}

export type ItemForm<N extends string, I> = ReturnType<typeof useItemForm<N, I>>;
