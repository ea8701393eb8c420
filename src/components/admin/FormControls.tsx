import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState, type SubmitEvent } from "react";
import type { z } from "zod";
import { CATEGORIES } from "@/lib/categories";
import { clampRating } from "@/lib/form-fields";
import { SLUG_PREVIEW_WAIT_MS } from "@/lib/slug";
import { useSettledValue } from "@/lib/use-settled-value";
import { useUnsavedWork } from "./use-unsaved-work";
import { MEH_RATING } from "../../../db/domain-constants.ts";

/** Each refused field's first message, keyed by the field's name, for a form to show. */
function issuesByField<I>(schema: z.ZodType<I>, input: I): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  // Later entries win in fromEntries, so the first issue of a field is put last.
  return Object.fromEntries(
    result.error.issues.map((issue): [string, string] => [String(issue.path[0]), issue.message]).reverse(),
  );
}

/**
 * What an editor's form needs around its input: field errors by the endpoint's own schema
 * (every one shows when the owner saves, and each goes as soon as its field is fixed, since
 * `input` is checked again on every change), the unsaved-work guard while `input` differs
 * from what the form opened with and from what is kept elsewhere (`settled`, an autosave),
 * and a submit that sends only input the schema takes.
 */
export function useEditorForm<I>(
  schema: z.ZodType<I>,
  input: I,
  onSubmit: (input: I) => void,
  /** The input to send for the button pressed, when buttons differ in what they ask (publish, save a draft). */
  inputFor?: (submitter: HTMLElement | null) => I,
  settled?: string,
) {
  const [shown, setShown] = useState<ReadonlySet<string>>(new Set());
  const current = shown.size === 0 ? {} : issuesByField(schema, input);
  const errors: Record<string, string | undefined> = Object.fromEntries(
    Object.entries(current).filter(([field]) => shown.has(field)),
  );
  const [opened] = useState(() => JSON.stringify(input));
  const json = JSON.stringify(input);
  useUnsavedWork(json !== opened && json !== settled);
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const sent = inputFor ? inputFor(event.submitter) : input;
    const all = issuesByField(schema, sent);
    setShown(new Set(Object.keys(all)));
    if (Object.keys(all).length === 0) onSubmit(sent);
  };
  return { errors, submit };
}

/** A field's error, in red under it (SPEC §2); `id` for the field's aria-describedby. */
export function FieldError({ message, id }: { message?: string; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="field-error" role="alert">
      {message}
    </p>
  );
}

/** A labelled text input, or a textarea of `rows` rows, with its error under it. */
export function TextField({
  id,
  label,
  value,
  rows = 0,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  rows?: number;
  error?: string;
  onChange: (value: string) => void;
}) {
  const change = (e: { target: { value: string } }) => {
    onChange(e.target.value);
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {rows ? (
        <textarea id={id} rows={rows} value={value} onChange={change} />
      ) : (
        <input id={id} value={value} onChange={change} />
      )}
      <FieldError message={error} />
    </div>
  );
}

/**
 * The slug (SPEC §5): fixed once saved; while new, the one the title would be saved with
 * now, as the server finds it among all the items of its `kind`; never typed.
 */
export function SlugField({
  id,
  slug,
  title,
  kind,
}: {
  id: string;
  slug?: string;
  title: string;
  kind: "posts" | "videos";
}) {
  const typed = title.trim();
  const wanted = useSettledValue(typed, SLUG_PREVIEW_WAIT_MS);
  const preview = useQuery<{ slug: string }>({
    queryKey: [`/api/slugs/${kind}?${new URLSearchParams({ title: wanted }).toString()}`],
    enabled: slug === undefined && wanted !== "",
    // Another tab may have taken the slug since: asked again each time the title comes back.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
  return (
    <div className="field">
      <label htmlFor={id}>Slug</label>
      <input id={id} value={slug ?? (typed ? (preview.data?.slug ?? "") : "")} disabled />
    </div>
  );
}

/** The four categories; the empty choice is refused on save (SPEC §5). */
export function CategorySelect({
  id,
  value,
  error,
  onChange,
}: {
  id: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>Category</label>
      <select
        id={id}
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
        }}
      >
        <option value="">Choose a category</option>
        {CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
      <FieldError message={error} />
    </div>
  );
}

/** The meh rating, clamped to 1-5 when the field is left (SPEC §5). */
export function RatingInput({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="field">
      <label htmlFor={id}>
        Meh rating ({MEH_RATING.min}-{MEH_RATING.max})
      </label>
      <input
        id={id}
        type="number"
        min={MEH_RATING.min}
        max={MEH_RATING.max}
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
        }}
        onBlur={() => {
          onChange(String(clampRating(value)));
        }}
      />
    </div>
  );
}

/** The "Featured" switch. */
export function FeaturedCheckbox(props: { id: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return <CheckboxField label="Featured" {...props} />;
}

/** A labelled checkbox, its label after it. */
export function CheckboxField({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="field field--inline">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => {
          onChange(e.target.checked);
        }}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/**
 * Save and Cancel, at the foot of a dialog's form. Save submits the form, or, given
 * `onSave`, does that instead (a window with no form of its own).
 */
export function FormActions({
  saveLabel,
  pending,
  onCancel,
  onSave,
}: {
  saveLabel: string;
  pending: boolean;
  onCancel: () => void;
  onSave?: () => void;
}) {
  return (
    <div className="form-actions">
      <button className="button" type={onSave ? "button" : "submit"} disabled={pending} onClick={onSave}>
        {saveLabel}
      </button>
      <button className="button button--quiet" type="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
