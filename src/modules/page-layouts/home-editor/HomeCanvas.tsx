import { useMemo, useRef, type Dispatch, type RefObject } from "react";
import { useCssomStyles, type StyleDeclaration } from "@/lib/use-cssom-styles";
import DesignedElement from "../components/DesignedElement";
import { asDrawn, DRAWN_ID_ATTRIBUTE, useDrawnHeights } from "../full-designer/use-drawn-heights";
import type { LayoutAction } from "../layout-document";
import type { LayoutElement } from "../schema";
import { describeElement } from "./describe-element";
import ResizeHandles from "./ResizeHandles";
import { useElementDrag } from "./use-element-drag";

/** The room below the lowest element, so there is always somewhere to drop the next one. */
const ROOM_BELOW = 120;
const MIN_SURFACE_HEIGHT = 360;

interface Props {
  elements: LayoutElement[];
  selectedId: string | null;
  dispatch: Dispatch<LayoutAction>;
  /** Double-click or Enter on an element. */
  onEdit: (element: LayoutElement) => void;
  /** The surface that holds the keyboard while editing. */
  surfaceRef: RefObject<HTMLDivElement | null>;
}

/**
 * The draft drawn as visitors will see it, each element a button to select, drag or edit,
 * and the selected one's resize handles.
 */
export default function HomeCanvas({ elements, selectedId, dispatch, onEdit, surfaceRef }: Props) {
  const canvas = useRef<HTMLDivElement>(null);
  const drag = useElementDrag(dispatch);
  const heights = useDrawnHeights(canvas);
  // The boxes as drawn: words that need more room than the box grow it.
  const shown = useMemo(() => asDrawn(elements, heights), [elements, heights]);
  const drawn = shown.find((element) => element.id === selectedId) ?? null;

  const bottom = shown.reduce((lowest, element) => Math.max(lowest, element.y + element.height), 0);
  const surfaceSize = useCssomStyles<HTMLDivElement>(
    useMemo<StyleDeclaration[]>(
      () => [["min-height", `${Math.max(MIN_SURFACE_HEIGHT, bottom + ROOM_BELOW)}px`]],
      [bottom],
    ),
  );

  return (
    <div className="home-editor__scroller">
      <div
        ref={(node) => {
          surfaceRef.current = node;
          surfaceSize.current = node;
        }}
        className="designed-layout designed-layout--editor home-editor__surface"
        aria-label="Home layout canvas: drag an element or its handles, double-click or press Enter to edit one; arrows move the selected element, with Ctrl they resize it"
        role="group"
        tabIndex={-1}
        onPointerMove={drag.move}
        onPointerUp={drag.end}
        onPointerCancel={drag.end}
        onPointerDown={(event) => {
          if (event.target === event.currentTarget || event.target === canvas.current) {
            dispatch({ type: "select", id: null });
          }
        }}
      >
        <div ref={canvas} className="designed-layout__canvas">
          {elements.map((element, index) => (
            <DesignedElement
              key={element.id}
              element={element}
              layer={index + 1}
              role="button"
              tabIndex={0}
              aria-pressed={element.id === selectedId}
              aria-label={describeElement(element)}
              className={`home-editor__element${element.id === selectedId ? " is-selected" : ""}`}
              {...{ [DRAWN_ID_ATTRIBUTE]: element.id }}
              onPointerDown={(event) => {
                drag.start(shown[index] ?? element, event);
              }}
              onDoubleClick={() => {
                onEdit(element);
              }}
              onFocus={() => {
                dispatch({ type: "select", id: element.id });
              }}
              onKeyDown={(event) => {
                if (event.key === "Enter" && !event.repeat) onEdit(element);
              }}
            />
          ))}
          {drawn && (
            <ResizeHandles
              element={drawn}
              layer={elements.length + 1}
              onStart={(handle, event) => {
                drag.start(drawn, event, handle);
              }}
            />
          )}
        </div>
      </div>
    </div>
  );
}
