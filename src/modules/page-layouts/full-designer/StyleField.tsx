import { useId, useRef } from "react";
import type { Gesture } from "../layout-document";
import { styleFault, type StyleProperty } from "../styles";
import { useDraft } from "./use-draft";

/** How the panel names each style, and the values it suggests. */
const STYLE_FIELDS: Readonly<Record<StyleProperty, { label: string; suggestions?: readonly string[]; colour?: true }>> =
  {
    fontSize: { label: "Font size", suggestions: ["12px", "14px", "16px", "20px", "24px", "32px", "48px"] },
    color: { label: "Text colour", colour: true },
    fontWeight: { label: "Font weight", suggestions: ["normal", "bold", "300", "400", "500", "600", "700", "800"] },
    backgroundColor: { label: "Background colour", colour: true },
    padding: { label: "Padding", suggestions: ["0", "10px", "12px 24px", "20px"] },
    borderRadius: { label: "Corner radius", suggestions: ["0", "4px", "8px", "16px", "50%"] },
    border: { label: "Border", suggestions: ["none", "1px solid #cccccc", "2px dashed #667eea"] },
    objectFit: { label: "Image fit", suggestions: ["cover", "contain", "fill", "none", "scale-down"] },
    cursor: { label: "Cursor", suggestions: ["default", "pointer", "text", "move"] },
    textAlign: { label: "Text alignment", suggestions: ["left", "center", "right", "justify"] },
    lineHeight: { label: "Line height", suggestions: ["normal", "1.2", "1.5", "1.6", "2"] },
  };

const HEX = /^#[0-9a-f]{6}$/i;

let pickerSweeps = 0;

interface Props {
  property: StyleProperty;
  value: string;
  /** Told of every value the property's grammar accepts (blank removes the style); refused ones stay here. */
  onChange: (value: string, gesture: Gesture) => void;
}

/** One style of the selected element: typed, with suggestions, and a picker for a colour. */
export default function StyleField({ property, value, onChange }: Props) {
  const id = useId();
  const field = STYLE_FIELDS[property];
  const draft = useDraft(value);
  const fault = draft.shown.trim() === "" ? undefined : styleFault(property, draft.shown);
  const sweep = useRef<Gesture>({ id: "picker", at: 0 });
  return (
    <div className={`field designer-field${field.colour ? " designer-field--wide" : ""}`}>
      <label htmlFor={id}>{field.label}</label>
      <div className="designer-field__row">
        <input
          id={id}
          type="text"
          value={draft.shown}
          list={field.suggestions ? `${id}-suggestions` : undefined}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={fault ? true : undefined}
          aria-describedby={fault ? `${id}-fault` : undefined}
          onFocus={draft.focus}
          onBlur={() => {
            draft.blur(fault !== undefined);
          }}
          onChange={(event) => {
            const typed = event.target.value;
            const gesture = draft.typed(typed);
            if (typed.trim() === "" || styleFault(property, typed) === undefined) onChange(typed, gesture);
          }}
        />
        {field.colour && (
          <input
            className="designer-field__swatch"
            type="color"
            aria-label={`Pick the ${field.label.toLowerCase()}`}
            value={HEX.test(value) ? value.toLowerCase() : "#000000"}
            onFocus={() => {
              sweep.current = { id: `picker-${++pickerSweeps}`, at: 0 };
            }}
            onChange={(event) => {
              // A sweep across the picker is one undo step.
              sweep.current = { ...sweep.current, at: Date.now() };
              onChange(event.target.value, sweep.current);
            }}
          />
        )}
      </div>
      {field.suggestions && (
        <datalist id={`${id}-suggestions`}>
          {field.suggestions.map((suggestion) => (
            <option key={suggestion} value={suggestion} />
          ))}
        </datalist>
      )}
      {fault && (
        <p id={`${id}-fault`} className="field-error">
          {fault}
        </p>
      )}
    </div>
  );
}
