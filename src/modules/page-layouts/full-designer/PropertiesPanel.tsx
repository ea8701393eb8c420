import { useId, type ReactNode } from "react";
import { DESIGN_WIDTH } from "../defaults";
import { elementName } from "../element-description";
import { contentFault, hrefFault } from "../element-edits";
import { parseDimension, placeCoordinate } from "../geometry";
import type { Gesture } from "../layout-document";
import { MAX_COORDINATE, MAX_SIZE, type LayoutElement } from "../schema";
import { STYLE_PROPERTIES, type StyleProperty } from "../styles";
import StyleField from "./StyleField";
import { useDraft } from "./use-draft";

interface Props {
  element: LayoutElement;
  /** How tall the element is drawn: its words may need more than its height, and grow it. */
  drawnHeight: number;
  onMove: (x: number, y: number, gesture: Gesture) => void;
  onResize: (width: number, height: number, gesture: Gesture) => void;
  onContent: (content: string, gesture: Gesture) => void;
  onHref: (href: string, gesture: Gesture) => void;
  onStyle: (property: StyleProperty, value: string, gesture: Gesture) => void;
  onDuplicate: () => void;
  onDelete: () => void;
  /** An image's upload and words (`ImageFields`), shown above its address. */
  imageFields?: ReactNode;
}

type Box = "x" | "y" | "width" | "height";
const BOX_FIELDS: { key: Box; label: string; max: number }[] = [
  // Across, nothing reaches past the band (see `withinBand`).
  { key: "x", label: "X", max: DESIGN_WIDTH },
  { key: "y", label: "Y", max: MAX_COORDINATE },
  { key: "width", label: "Width", max: DESIGN_WIDTH },
  { key: "height", label: "Height", max: MAX_SIZE },
];

function BoxField({
  value,
  field,
  note,
  onChange,
}: {
  /** What the field shows: the drawn height, for Height, so it says what the canvas draws. */
  value: number;
  field: (typeof BOX_FIELDS)[number];
  /** Why the field shows other than what was typed, if it does. */
  note?: string;
  onChange: (value: number, gesture: Gesture) => void;
}) {
  const id = useId();
  const draft = useDraft(String(value));
  const parse =
    field.key === "x" || field.key === "y"
      ? (text: string) => placeCoordinate(Number.parseInt(text, 10))
      : parseDimension;
  return (
    <div className="field designer-field">
      <label htmlFor={id}>{field.label}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        max={field.max}
        step={1}
        value={draft.shown}
        aria-describedby={note ? `${id}-note` : undefined}
        onFocus={draft.focus}
        onBlur={() => {
          draft.blur();
        }}
        onChange={(event) => {
          onChange(parse(event.target.value), draft.typed(event.target.value));
        }}
      />
      {note && (
        <p id={`${id}-note`} className="designer-field__hint">
          {note}
        </p>
      )}
    </div>
  );
}

/** Under a field: why what it holds is refused (`${id}-fault`), else how to fill it (`${id}-hint`). */
function FieldNote({ id, fault, hint }: { id: string; fault: string | undefined; hint: string }) {
  return fault ? (
    <p id={`${id}-fault`} className="field-error">
      {fault}
    </p>
  ) : (
    <p id={`${id}-hint`} className="designer-field__hint">
      {hint}
    </p>
  );
}

function ContentField({ element, onContent }: Pick<Props, "element" | "onContent">) {
  const id = useId();
  const draft = useDraft(element.content);
  const fault = contentFault(element, draft.shown);
  const image = element.type === "image";
  const common = {
    id,
    value: draft.shown,
    "aria-invalid": fault ? true : undefined,
    "aria-describedby": fault ? `${id}-fault` : `${id}-hint`,
    onFocus: draft.focus,
    onBlur: () => {
      draft.blur(fault !== undefined);
    },
  };
  return (
    <div className="field designer-field">
      <label htmlFor={id}>{image ? "Image URL" : "Content"}</label>
      {image ? (
        <input
          {...common}
          type="text"
          inputMode="url"
          placeholder="/uploads/images/…"
          onChange={(event) => {
            onContent(event.target.value, draft.typed(event.target.value));
          }}
        />
      ) : (
        <textarea
          {...common}
          rows={3}
          onChange={(event) => {
            onContent(event.target.value, draft.typed(event.target.value));
          }}
        />
      )}
      <FieldNote
        id={id}
        fault={fault}
        hint={image ? "An image on this site; empty or any other shows the placeholder." : "Shown as plain text."}
      />
    </div>
  );
}

/** A button's destination: blank leaves it a label that goes nowhere, and says so. */
function HrefField({ element, onHref }: Pick<Props, "element" | "onHref">) {
  const id = useId();
  const draft = useDraft(element.href ?? "");
  const fault = hrefFault(draft.shown);
  return (
    <div className="field designer-field">
      <label htmlFor={id}>Links to</label>
      <input
        id={id}
        type="text"
        inputMode="url"
        placeholder="/archive or https://…"
        value={draft.shown}
        aria-invalid={fault ? true : undefined}
        aria-describedby={fault ? `${id}-fault` : `${id}-hint`}
        onFocus={draft.focus}
        onBlur={() => {
          draft.blur(fault !== undefined);
        }}
        onChange={(event) => {
          onHref(event.target.value, draft.typed(event.target.value));
        }}
      />
      <FieldNote
        id={id}
        fault={fault}
        hint={
          draft.shown.trim() === ""
            ? "Goes nowhere yet: visitors see a label, not a link."
            : "A path on this site or an https address."
        }
      />
    </div>
  );
}

/** The selected element's content, place, size and styles, each a field that edits the document as it is typed. */
export default function PropertiesPanel({
  element,
  drawnHeight,
  onMove,
  onResize,
  onContent,
  onHref,
  onStyle,
  onDuplicate,
  onDelete,
  imageFields,
}: Props) {
  const id = useId();
  const onBox = (key: Box, value: number, gesture: Gesture) => {
    if (key === "x") onMove(value, element.y, gesture);
    else if (key === "y") onMove(element.x, value, gesture);
    else if (key === "width") onResize(value, element.height, gesture);
    else onResize(element.width, value, gesture);
  };
  return (
    <div className="designer-properties">
      <p className="designer-properties__subject">{elementName(element)}</p>
      <div className="designer-properties__actions">
        <button className="button button--quiet designer-button" type="button" onClick={onDuplicate}>
          Duplicate
        </button>
        <button
          className="button button--quiet designer-button designer-button--danger"
          type="button"
          onClick={onDelete}
        >
          Delete
        </button>
      </div>
      {imageFields}
      <ContentField element={element} onContent={onContent} />
      {element.type === "button" && <HrefField element={element} onHref={onHref} />}
      <fieldset className="designer-fieldset designer-fieldset--box">
        <legend>Position and size (px)</legend>
        {BOX_FIELDS.map((field) => (
          <BoxField
            key={field.key}
            value={field.key === "height" ? drawnHeight : element[field.key]}
            field={field}
            note={
              field.key === "height" && drawnHeight > element.height
                ? `Set to ${String(element.height)}; its words need ${String(drawnHeight)}, so it is drawn that tall.`
                : undefined
            }
            onChange={(value, gesture) => {
              onBox(field.key, value, gesture);
            }}
          />
        ))}
      </fieldset>
      <fieldset className="designer-fieldset">
        <legend>Style</legend>
        <p id={`${id}-style-hint`} className="designer-field__hint">
          Leave a field empty to use the page&apos;s own style.
        </p>
        {STYLE_PROPERTIES.map((property) => (
          <StyleField
            key={property}
            property={property}
            value={element.styles[property] ?? ""}
            onChange={(value, gesture) => {
              onStyle(property, value, gesture);
            }}
          />
        ))}
      </fieldset>
    </div>
  );
}
