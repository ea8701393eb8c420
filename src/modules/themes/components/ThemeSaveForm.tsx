import { useId } from "react";
import { THEME_NAME_MAX } from "../schema";

interface Props {
  name: string;
  onName: (name: string) => void;
  saving: boolean;
  busy: boolean;
  onSave: () => void;
}

/** The name the draft is saved under, and the Save button. */
export default function ThemeSaveForm({ name, onName, saving, busy, onSave }: Props) {
  const id = useId();
  return (
    <form
      className="css-editor__save"
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-name`}>Theme name</label>
        <input
          id={`${id}-name`}
          value={name}
          maxLength={THEME_NAME_MAX}
          onChange={(event) => {
            onName(event.target.value);
          }}
        />
      </div>
      <button className="button" type="submit" disabled={busy}>
        {saving ? "Saving..." : "Save"}
      </button>
    </form>
  );
}
