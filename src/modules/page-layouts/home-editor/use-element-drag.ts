import { useRef, type Dispatch, type PointerEvent } from "react";
import { resizedBox, type HandleDirection } from "../handle-resize";
import type { Gesture, LayoutAction } from "../layout-document";
import type { LayoutElement } from "../schema";

/** A pointer gesture under way: moving the element, or resizing it by one of its handles. */
interface Drag {
  id: string;
  pointerId: number;
  startX: number;
  startY: number;
  /** The element's box when the gesture began, as tall as it was drawn. */
  origin: Pick<LayoutElement, "x" | "y" | "width" | "height">;
  /** The handle held, for a resize. */
  handle?: HandleDirection;
  gesture: Gesture;
}

export interface ElementDrag {
  /** Starts moving `element`, or resizing it by `handle`; `element` as drawn, so a resize starts from the box the owner sees. */
  start: (element: LayoutElement, event: PointerEvent<HTMLElement>, handle?: HandleDirection) => void;
  move: (event: PointerEvent<HTMLDivElement>) => void;
  end: (event: PointerEvent<HTMLDivElement>) => void;
}

/** Dragging an element or one of its handles across the canvas, each drag one undo step. */
export function useElementDrag(dispatch: Dispatch<LayoutAction>): ElementDrag {
  const drag = useRef<Drag | null>(null);

  const start: ElementDrag["start"] = (element, event, handle) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    dispatch({ type: "select", id: element.id });
    // Captured by what was pressed, so its moves bubble to the canvas and a double click stays its own.
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = {
      id: element.id,
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      origin: { x: element.x, y: element.y, width: element.width, height: element.height },
      ...(handle ? { handle } : {}),
      // The whole gesture is one undo step, however long it pauses.
      gesture: { id: `${handle ? "resize" : "drag"}-${event.timeStamp}`, at: Date.now() },
    };
  };

  const move: ElementDrag["move"] = (event) => {
    const current = drag.current;
    if (current?.pointerId !== event.pointerId) return;
    const delta = { x: event.clientX - current.startX, y: event.clientY - current.startY };
    if (current.handle) {
      const box = resizedBox(current.origin, current.handle, delta);
      dispatch({ type: "resize", id: current.id, ...box, gesture: current.gesture });
      return;
    }
    dispatch({
      type: "move",
      id: current.id,
      x: current.origin.x + delta.x,
      y: current.origin.y + delta.y,
      gesture: current.gesture,
    });
  };

  const end: ElementDrag["end"] = (event) => {
    if (drag.current?.pointerId === event.pointerId) drag.current = null;
  };

  return { start, move, end };
}
