import { useId, type SubmitEvent } from "react";

interface SearchBoxProps {
  /** Where the form goes without JavaScript, with the term as `?search=`. */
  action: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Called with the trimmed term; a blank term means "no search". */
  onSearch?: (term: string) => void;
}

/** A search form that works as a plain GET form and is handled in place once hydrated. */
export function SearchBox({ action, label, value, onChange, onSearch }: SearchBoxProps) {
  const id = useId();
  const submit = (event: SubmitEvent) => {
    if (!onSearch) return;
    event.preventDefault();
    onSearch(value.trim());
  };
  return (
    <form action={action} method="get" role="search" className="search-box" onSubmit={submit}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name="search"
        type="search"
        maxLength={200}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
      <button className="button" type="submit">
        Search
      </button>
    </form>
  );
}
