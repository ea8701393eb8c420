import type { z } from "zod";
import { CATEGORIES } from "@/lib/categories";
import { clampRating } from "@/lib/form-fields";
import { slugify } from "@/lib/slug";
import { MEH_RATING } from "../../../db/domain-constants.ts";

/** Each refused field's first message, keyed by the field's name, for a form to show. */
export function issuesByField(error: z.ZodError): Record<string, string> {
  return Object.fromEntries(error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

/** A field's error, in red under it (SPEC §2). */
export function FieldError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p className="field-error" role="alert">
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

/** The slug (SPEC §5): derived from the title while new, fixed once saved; never typed. */
export function SlugField({ id, slug, title }: { id: string; slug?: string; title: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>Slug</label>
      <input id={id} value={slug ?? slugify(title)} disabled />
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
export function FeaturedCheckbox({
  id,
  checked,
  onChange,
}: {
  id: string;
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
      <label htmlFor={id}>Featured</label>
    </div>
  );
}

/** Save and Cancel, at the foot of a dialog's form. */
export function FormActions({
  saveLabel,
  pending,
  onCancel,
}: {
  saveLabel: string;
  pending: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="form-actions">
      <button className="button" type="submit" disabled={pending}>
        {saveLabel}
      </button>
      <button className="button button--quiet" type="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
