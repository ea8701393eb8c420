import { elementName } from "../element-description";
import type { LayoutElement } from "../schema";

interface Props {
  elements: readonly LayoutElement[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}

/**
 * Every element as a button, bottom layer first as the canvas stacks them: the keyboard's
 * way to select what the mouse clicks on the canvas.
 */
export default function LayersList({ elements, selectedId, onSelect }: Props) {
  if (elements.length === 0) {
    return <p className="designer-panel__empty">No elements yet: add one with the buttons above the canvas.</p>;
  }
  return (
    <ol className="designer-layers">
      {elements.map((element) => (
        <li key={element.id}>
          <button
            type="button"
            className="designer-layers__item"
            aria-pressed={element.id === selectedId}
            onClick={() => {
              onSelect(element.id);
            }}
          >
            <span className="designer-layers__name">{elementName(element)}</span>
            <span className="designer-layers__place">
              {element.x}, {element.y} · {element.width}×{element.height}
            </span>
          </button>
        </li>
      ))}
    </ol>
  );
}
