import { useId, type Dispatch } from "react";
import { ELEMENT_KEYS_ATTRIBUTE } from "./use-designer-keys";
import { elementName } from "../element-description";
import type { LayoutAction } from "../layout-document";
import ImageFields from "./ImageFields";
import type { LayoutElement } from "../schema";
import LayersList from "./LayersList";
import PropertiesPanel from "./PropertiesPanel";

interface Props {
  /** As tall as they are drawn, as the Layers list shows them. */
  elements: readonly LayoutElement[];
  selected: LayoutElement | undefined;
  /** How tall the selected element is drawn, which its Height field shows. */
  drawnHeight: number | undefined;
  /** Changes typed into the panel: no announcement, the field itself says what it holds. */
  dispatch: Dispatch<LayoutAction>;
  /** Changes the live region should speak of. */
  act: (action: LayoutAction, said?: string) => void;
  onChooseLayer: (id: string) => void;
}

/** The selected element's properties, and the list of layers that selects by keyboard. */
export default function ElementPanels({ elements, selected, drawnHeight, dispatch, act, onChooseLayer }: Props) {
  const id = useId();
  const layersKeys = { [ELEMENT_KEYS_ATTRIBUTE]: "" };
  return (
    <>
      <section className="designer-panel" aria-labelledby={`${id}-properties`}>
        <h2 id={`${id}-properties`}>Properties</h2>
        {selected ? (
          <PropertiesPanel
            key={selected.id}
            element={selected}
            drawnHeight={drawnHeight ?? selected.height}
            onMove={(x, y, gesture) => {
              dispatch({ type: "move", id: selected.id, x, y, gesture });
            }}
            onResize={(width, height, gesture) => {
              dispatch({ type: "resize", id: selected.id, width, height, gesture });
            }}
            onContent={(content, gesture) => {
              dispatch({ type: "editContent", id: selected.id, content, gesture });
            }}
            onHref={(href, gesture) => {
              dispatch({ type: "editHref", id: selected.id, href, gesture });
            }}
            onStyle={(property, value, gesture) => {
              dispatch({ type: "editStyle", id: selected.id, property, value, gesture });
            }}
            onDuplicate={() => {
              act({ type: "duplicate", id: selected.id });
            }}
            onDelete={() => {
              act({ type: "delete", id: selected.id }, `${elementName(selected)} deleted.`);
            }}
            imageFields={selected.type === "image" && <ImageFields element={selected} dispatch={dispatch} />}
          />
        ) : (
          <p className="designer-panel__empty">Select an element on the canvas or in Layers to edit it.</p>
        )}
      </section>
      <section className="designer-panel" aria-labelledby={`${id}-layers`} {...layersKeys}>
        <h2 id={`${id}-layers`}>Layers</h2>
        <LayersList elements={elements} selectedId={selected?.id ?? null} onSelect={onChooseLayer} />
      </section>
    </>
  );
}
