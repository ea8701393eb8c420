import { useId, type Dispatch } from "react";
import { altFault, contentFault } from "../element-edits";
import { parseDimension } from "../geometry";
import type { LayoutAction } from "../layout-document";
import { elementName } from "./quick-designer";
import type { LayoutElement } from "../schema";
import { styleFault, type StyleProperty } from "../styles";
import { DraftField } from "./DraftField";

/** The style fields of the properties panel (SPEC §2), in its order. */
const STYLE_FIELDS: readonly { property: StyleProperty; label: string }[] = [
  { property: "backgroundColor", label: "Background" },
  { property: "color", label: "Text Color" },
  { property: "fontSize", label: "Font Size" },
  { property: "borderRadius", label: "Border Radius" },
];

// A blank style field takes the style away, which the document always allows.
const styleProblem = (property: StyleProperty) => (typed: string) =>
  typed.trim() === "" ? undefined : styleFault(property, typed);

const trimmed = (typed: string) => typed.trim();
const dimension = (typed: string) => String(parseDimension(typed));

interface PropertiesProps {
  element: LayoutElement;
  dispatch: Dispatch<LayoutAction>;
  onCopy: () => void;
  onDelete: () => void;
}

/**
 * The selected element's properties: Content, Width, Height and four styles, each written to
 * the document as it is typed (a burst of typing is one undo step), and Copy and Delete.
 */
export function ElementProperties({ element, dispatch, onCopy, onDelete }: PropertiesProps) {
  // Each field is a gesture of its own; `at` lets a pause in the typing start a new undo step.
  const gesture = useId();
  const typing = (field: string) => ({ id: `${gesture}-${field}`, at: Date.now() });
  const { id } = element;
  const resize = (width: number, height: number, field: string) => {
    dispatch({ type: "resize", id, width, height, gesture: typing(field) });
  };
  return (
    <div className="quick-designer__properties">
      <div className="quick-designer__selected">
        <p>
          <strong>{elementName(element)}</strong>
        </p>
        <div className="quick-designer__row">
          <button className="button button--quiet" type="button" onClick={onCopy}>
            Copy
          </button>
          <button className="button button--quiet" type="button" onClick={onDelete}>
            Delete
          </button>
        </div>
      </div>
      <DraftField
        label="Content"
        value={element.content}
        means={element.type === "image" ? trimmed : (typed) => typed}
        fault={(typed) => contentFault(element, typed)}
        hint={
          element.type === "image"
            ? "The image's address. Empty or on another site, it shows as a placeholder here; the code keeps the address."
            : undefined
        }
        onCommit={(content) => {
          dispatch({ type: "editContent", id, content, gesture: typing("content") });
        }}
      />
      {element.type === "image" && (
        <DraftField
          label="Alt text"
          value={element.alt ?? ""}
          means={trimmed}
          // Blank is allowed here: the code then marks the image decorative (alt="").
          fault={(typed) => (typed.trim() === "" ? undefined : altFault(element, typed))}
          hint='What the image shows, written as its alt. Empty, the code marks it decorative (alt="").'
          onCommit={(alt) => {
            dispatch({ type: "editAlt", id, alt, gesture: typing("alt") });
          }}
        />
      )}
      <div className="quick-designer__pair">
        <DraftField
          label="Width"
          type="number"
          value={String(element.width)}
          means={dimension}
          onCommit={(typed) => {
            resize(parseDimension(typed), element.height, "width");
          }}
        />
        <DraftField
          label="Height"
          type="number"
          value={String(element.height)}
          means={dimension}
          onCommit={(typed) => {
            resize(element.width, parseDimension(typed), "height");
          }}
        />
      </div>
      {STYLE_FIELDS.map(({ property, label }) => (
        <DraftField
          key={property}
          label={label}
          value={element.styles[property] ?? ""}
          means={trimmed}
          fault={styleProblem(property)}
          onCommit={(value) => {
            dispatch({ type: "editStyle", id, property, value, gesture: typing(property) });
          }}
        />
      ))}
    </div>
  );
}
