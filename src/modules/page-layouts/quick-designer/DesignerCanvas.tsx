import { useMemo, useRef, type KeyboardEvent, type PointerEvent, type Ref } from "react";
import { PLACEHOLDER_IMAGE } from "@/lib/image-url";
import { useCssomStyles } from "@/lib/use-cssom-styles";
import { GRID_SIZE } from "../defaults";
import { elementDeclarations } from "../generate-code";
import type { Gesture } from "../layout-document";
import { imageSource } from "../published-layout";
import { canvasExtent, elementName } from "./quick-designer";
import type { LayoutElement } from "../schema";

/** How far the pointer must travel before a press on an element becomes a drag, so a click never moves it. */
const DRAG_THRESHOLD_PX = 3;

interface Drag {
  id: string;
  pointerId: number;
  from: { x: number; y: number };
  origin: { x: number; y: number };
  gesture: Gesture;
  moving: boolean;
}

interface CanvasProps {
  elements: readonly LayoutElement[];
  selectedId: string | null;
  grid: boolean;
  onSelect: (id: string | null) => void;
  onMove: (id: string, x: number, y: number, gesture: Gesture) => void;
  /** The canvas's scrolling window, which takes the focus when the focused element goes. */
  viewportRef: Ref<HTMLDivElement>;
}

/**
 * The quick designer's canvas: each element drawn in place, as a pure function of the
 * document, over a grid when it is on. An element is dragged with the pointer and chosen
 * with a click, the Tab key or Enter; a click on the empty canvas chooses none.
 */
export function DesignerCanvas({ elements, selectedId, grid, onSelect, onMove, viewportRef }: CanvasProps) {
  const extent = useMemo(() => canvasExtent(elements), [elements]);
  const canvasStyles = useMemo(
    () =>
      [
        ["width", `${extent.width}px`],
        ["height", `${extent.height}px`],
        ["--grid-size", `${GRID_SIZE}px`],
      ] as const,
    [extent],
  );
  const canvas = useCssomStyles<HTMLDivElement>(canvasStyles);
  const drag = useRef<Drag | null>(null);
  const drags = useRef(0);

  const startDrag = (event: PointerEvent<HTMLDivElement>, element: LayoutElement) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drags.current += 1;
    drag.current = {
      id: element.id,
      pointerId: event.pointerId,
      from: { x: event.clientX, y: event.clientY },
      origin: { x: element.x, y: element.y },
      // Every move of this drag is one gesture from the press on: one undo step, however long it pauses.
      gesture: { id: `drag-${drags.current}`, at: Date.now() },
      moving: false,
    };
    onSelect(element.id);
  };
  const continueDrag = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (current?.pointerId !== event.pointerId) return;
    const dx = event.clientX - current.from.x;
    const dy = event.clientY - current.from.y;
    if (!current.moving && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
    current.moving = true;
    onMove(current.id, current.origin.x + dx, current.origin.y + dy, current.gesture);
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId === event.pointerId) drag.current = null;
  };

  return (
    <div
      ref={viewportRef}
      className="quick-designer__viewport"
      role="region"
      aria-label="Canvas"
      tabIndex={0}
      onClick={(event) => {
        if (!(event.target as Element).closest("[data-element-id]")) onSelect(null);
      }}
    >
      <div ref={canvas} className={`quick-designer__canvas${grid ? " quick-designer__canvas--grid" : ""}`}>
        {elements.map((element) => (
          <CanvasElement
            key={element.id}
            element={element}
            selected={element.id === selectedId}
            onSelect={onSelect}
            onPointerDown={(event) => {
              startDrag(event, element);
            }}
            onPointerMove={continueDrag}
            onPointerEnd={endDrag}
          />
        ))}
      </div>
    </div>
  );
}

interface ElementProps {
  element: LayoutElement;
  selected: boolean;
  onSelect: (id: string) => void;
  onPointerDown: (event: PointerEvent<HTMLDivElement>) => void;
  onPointerMove: (event: PointerEvent<HTMLDivElement>) => void;
  onPointerEnd: (event: PointerEvent<HTMLDivElement>) => void;
}

/** One element, placed and styled by the very declarations of its generated CSS rule. */
function CanvasElement({ element, selected, onSelect, onPointerDown, onPointerMove, onPointerEnd }: ElementProps) {
  const declarations = useMemo(() => elementDeclarations(element), [element]);
  const ref = useCssomStyles<HTMLDivElement>(declarations);
  const choose = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    onSelect(element.id);
  };
  return (
    <div
      ref={ref}
      data-element-id={element.id}
      className={`quick-designer__element quick-designer__element--${element.type}`}
      role="button"
      tabIndex={0}
      aria-pressed={selected}
      aria-label={elementName(element)}
      onFocus={() => {
        onSelect(element.id);
      }}
      onKeyDown={choose}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    >
      {element.type === "image" ? (
        <img src={imageSource(element.content || PLACEHOLDER_IMAGE)} alt={element.alt ?? ""} draggable={false} />
      ) : (
        <span className="quick-designer__content">{element.content}</span>
      )}
    </div>
  );
}
