import type { Group as GroupNode } from "konva/lib/Group";
import type { KonvaEventObject } from "konva/lib/Node";
import type { Vector2d } from "konva/lib/types";
import { memo, useMemo } from "react";
import { Group, Image, Rect, Text } from "react-konva/lib/ReactKonvaCore";
import "konva/lib/shapes/Image";
import "konva/lib/shapes/Rect";
import "konva/lib/shapes/Text";
import { canvasLook, type CanvasLook, type PageText } from "../canvas-style";
import { fitImage } from "../image-fit";
import type { LayoutElement } from "../schema";
import { useCanvasImage } from "./use-canvas-image";

/** What the canvas hands each element: how to draw it, and what its gestures do. */
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
  element: LayoutElement;
  page: PageText;
  /** Design mode: the element can be picked up and resized; in Preview it is only drawn. */
  editable: boolean;
  handlers: ElementHandlers;
}

const CONTAINER_OUTLINE = "#8e8a85";
// A shape with no colour of its own still has to catch the pointer.
const CATCH_POINTER = "rgba(0, 0, 0, 0)";

function Picture({ element, look }: { element: LayoutElement; look: CanvasLook }) {
  const image = useCanvasImage(element.content);
  if (!image) return null;
  const box = { width: element.width, height: element.height };
  const fit = fitImage(element.styles.objectFit, box, { width: image.naturalWidth, height: image.naturalHeight });
  const covers = fit.width >= box.width && fit.height >= box.height;
  return (
    <Image
      image={image}
      x={fit.x}
      y={fit.y}
      width={fit.width}
      height={fit.height}
      crop={fit.crop}
      cornerRadius={covers ? look.cornerRadius : 0}
      listening={false}
    />
  );
}

function Words({ element, look }: { element: LayoutElement; look: CanvasLook }) {
  const [top, right, bottom, left] = look.padding;
  const inset = look.border?.width ?? 0;
  return (
    <Text
      text={element.content}
      x={left + inset}
      y={top + inset}
      width={Math.max(0, element.width - left - right - 2 * inset)}
      height={Math.max(0, element.height - top - bottom - 2 * inset)}
      fontSize={look.fontSize}
      fontFamily={look.fontFamily}
      fontStyle={look.fontWeight}
      lineHeight={look.lineHeight}
      fill={look.colour}
      align={look.align}
      verticalAlign={look.verticalAlign}
      wrap="word"
      listening={false}
    />
  );
}

/**
 * One element drawn as the published page will show it: its background, corners and
 * border, then its words or its picture, cut to its box. A pure function of the element:
 * where it is comes from the document, never from the shape.
 */
function CanvasElement({ element, page, editable, handlers }: Props) {
  const look = useMemo(() => canvasLook(element, page), [element, page]);
  const { width, height } = element;
  const border = look.border;
  return (
    <Group
      ref={(node) => {
        handlers.register(element.id, node);
      }}
      name="layout-element"
      x={element.x}
      y={element.y}
      clipX={0}
      clipY={0}
      clipWidth={width}
      clipHeight={height}
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
      <Rect width={width} height={height} fill={look.fill ?? CATCH_POINTER} cornerRadius={look.cornerRadius} />
      {element.type === "image" ? <Picture element={element} look={look} /> : <Words element={element} look={look} />}
      {border && (
        <Rect
          x={border.width / 2}
          y={border.width / 2}
          width={Math.max(0, width - border.width)}
          height={Math.max(0, height - border.width)}
          stroke={border.colour}
          strokeWidth={border.width}
          dash={border.dash}
          cornerRadius={look.cornerRadius}
          listening={false}
        />
      )}
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
