import type { Group as GroupNode } from "konva/lib/Group";
import type { KonvaEventObject } from "konva/lib/Node";
import type { Vector2d } from "konva/lib/types";
import { memo } from "react";
import { Group, Rect } from "react-konva/lib/ReactKonvaCore";
import "konva/lib/shapes/Rect";
import type { LayoutElement } from "../schema";

/** What the canvas hands each element: what its gestures do. */
export interface ElementHandlers {
  onSelect: (id: string | null) => void;
  onDragStart: (event: KonvaEventObject<DragEvent>, element: LayoutElement) => void;
  onDragMove: (event: KonvaEventObject<DragEvent>, element: LayoutElement) => void;
  onDragEnd: (event: KonvaEventObject<DragEvent>, element: LayoutElement) => void;
  onTransformStart: (element: LayoutElement) => void;
  onTransformEnd: (event: KonvaEventObject<Event>, element: LayoutElement) => void;
  dragBound: (element: LayoutElement, position: Vector2d) => Vector2d;
  register: (id: string, node: GroupNode | null) => void;
}

interface Props {
  /** The element as drawn: as tall as its words made it, if they grew it. */
  element: LayoutElement;
  /** Design mode: the element can be picked up and resized; in Preview it is only drawn. */
  editable: boolean;
  handlers: ElementHandlers;
}

const CONTAINER_OUTLINE = "#8e8a85";
// A shape with no colour of its own still has to catch the pointer.
const CATCH_POINTER = "rgba(0, 0, 0, 0)";

/**
 * Where an element can be caught: a clear shape over the element the page's own markup
 * draws beneath (`DesignedElement`), so the handles frame exactly what visitors will see.
 * Where it is comes from the document, never from the shape.
 */
function CanvasElement({ element, editable, handlers }: Props) {
  const { width, height } = element;
  return (
    <Group
      ref={(node) => {
        handlers.register(element.id, node);
      }}
      name="layout-element"
      x={element.x}
      y={element.y}
      draggable={editable}
      listening={editable}
      dragBoundFunc={(position) => handlers.dragBound(element, position)}
      onMouseDown={() => {
        handlers.onSelect(element.id);
      }}
      onTap={() => {
        handlers.onSelect(element.id);
      }}
      onDragStart={(event) => {
        handlers.onDragStart(event, element);
      }}
      onDragMove={(event) => {
        handlers.onDragMove(event, element);
      }}
      onDragEnd={(event) => {
        handlers.onDragEnd(event, element);
      }}
      onTransformStart={() => {
        handlers.onTransformStart(element);
      }}
      onTransformEnd={(event) => {
        handlers.onTransformEnd(event, element);
      }}
    >
      <Rect width={width} height={height} fill={CATCH_POINTER} />
      {element.type === "container" && editable && (
        <Rect
          x={0.5}
          y={0.5}
          width={Math.max(0, width - 1)}
          height={Math.max(0, height - 1)}
          stroke={CONTAINER_OUTLINE}
          strokeWidth={1}
          dash={[6, 4]}
          listening={false}
        />
      )}
    </Group>
  );
}

export default memo(CanvasElement);
