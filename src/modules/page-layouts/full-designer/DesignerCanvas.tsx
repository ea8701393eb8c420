import type { Group as GroupNode } from "konva/lib/Group";
import type { KonvaEventObject } from "konva/lib/Node";
import type { Transformer as TransformerNode } from "konva/lib/shapes/Transformer";
import { useEffect, useMemo, useRef, useState, type RefObject } from "react";
import { useCssomStyles, type StyleDeclaration } from "@/lib/use-cssom-styles";
import { Layer, Line, Stage, Transformer } from "react-konva/lib/ReactKonvaCore";
import "konva/lib/shapes/Line";
import "konva/lib/shapes/Transformer";
import type { Guide } from "../alignment-guides";
import { dragPlacement, stageHeight } from "../canvas-geometry";
import { DESIGN_WIDTH } from "../defaults";
import type { Gesture } from "../layout-document";
import type { LayoutElement } from "../schema";
import DesignedElement from "../components/DesignedElement";
import CanvasElement, { type ElementHandlers } from "./CanvasElement";
import { DRAWN_ID_ATTRIBUTE } from "./use-drawn-heights";

interface Props {
  elements: readonly LayoutElement[];
  /** The same elements as tall as they are drawn (`asDrawn`), which the handles frame. */
  drawn: readonly LayoutElement[];
  /** Where the elements are drawn, for the designer to measure them (`useDrawnHeights`). */
  pageRef: RefObject<HTMLDivElement | null>;
  selectedId: string | null;
  /** Design mode; in Preview nothing can be picked up, selected or resized. */
  editable: boolean;
  grid: boolean;
  /** How large the canvas is drawn: 1 is the design's own pixels. */
  zoom: number;
  onSelect: (id: string | null) => void;
  onMove: (id: string, x: number, y: number, gesture: Gesture) => void;
  onResize: (id: string, size: { width: number; height: number; x: number; y: number }, gesture: Gesture) => void;
  /** A drag or a resize is over: the element has its final place. */
  onGestureEnd: (id: string) => void;
}

const GUIDE_COLOUR = "#c2185b";
/** Handles never make an element smaller than this, so it can still be caught. */
const MIN_HANDLE_SIZE = 4;

let gestures = 0;
// A gesture's pointer-down time: every change of one drag passes it, so the drag is one undo step.
const startGesture = (kind: string): Gesture => ({ id: `${kind}-${++gestures}`, at: Date.now() });

/**
 * The design at the design width, as tall as its elements need. The elements are drawn by
 * the published page's own markup and declarations (`DesignedElement`), so the canvas is the
 * page; Konva lays clear shapes over them to catch drags, and draws the handles and the
 * guides. A pure rendering of the document: a drag or a resize reports each change, and the
 * element is drawn where the document then says.
 */
export default function DesignerCanvas(props: Props) {
  const { selectedId, editable, zoom, drawn: elements } = props;
  const height = stageHeight(elements);
  const frame = useCssomStyles<HTMLDivElement>(
    useMemo<StyleDeclaration[]>(
      () => [
        ["width", `${DESIGN_WIDTH * zoom}px`],
        ["height", `${height * zoom}px`],
      ],
      [zoom, height],
    ),
  );
  const scale = useCssomStyles<HTMLDivElement>(
    useMemo<StyleDeclaration[]>(
      () => [
        ["transform", `scale(${zoom})`],
        ["min-height", `${height}px`],
      ],
      [zoom, height],
    ),
  );
  const [guides, setGuides] = useState<Guide[]>([]);
  const transformer = useRef<TransformerNode>(null);
  const nodes = useRef(new Map<string, GroupNode>());
  // Handlers stay the same object for the canvas's life, so an element redraws only when it changes.
  const latest = useRef({ props, elements, height });
  latest.current = { props, elements, height };
  const drag = useRef<{ gesture: Gesture; canvasHeight: number } | null>(null);
  const resize = useRef<Gesture | null>(null);

  const handlers = useMemo<ElementHandlers>(
    () => ({
      register(id, node) {
        if (node) nodes.current.set(id, node);
        else nodes.current.delete(id);
      },
      onSelect(id) {
        if (latest.current.props.selectedId !== id) latest.current.props.onSelect(id);
      },
      dragBound(element, position) {
        // Konva hands the position on screen; the document's is in design pixels.
        const { zoom } = latest.current.props;
        const canvasHeight = drag.current?.canvasHeight ?? latest.current.height;
        const others = latest.current.elements.filter((other) => other.id !== element.id);
        const placed = dragPlacement({
          proposed: { x: position.x / zoom, y: position.y / zoom },
          size: { width: element.width, height: element.height },
          others,
          canvasHeight,
          grid: latest.current.props.grid,
        });
        setGuides(placed.guides);
        return { x: placed.x * zoom, y: placed.y * zoom };
      },
      onDragStart(_event, element) {
        drag.current = { gesture: startGesture("drag"), canvasHeight: latest.current.height };
        handlers.onSelect(element.id);
      },
      onDragMove(event, element) {
        const gesture = drag.current?.gesture;
        if (gesture) latest.current.props.onMove(element.id, event.target.x(), event.target.y(), gesture);
      },
      onDragEnd(event, element) {
        handlers.onDragMove(event, element);
        drag.current = null;
        setGuides([]);
        latest.current.props.onGestureEnd(element.id);
      },
      onTransformStart() {
        resize.current = startGesture("resize");
      },
      onTransformEnd(event, element) {
        const node = event.target;
        const scale = { x: node.scaleX(), y: node.scaleY() };
        // The handles stretch the shape; the document keeps sizes, so the stretch becomes one.
        node.scale({ x: 1, y: 1 });
        const size = {
          width: element.width * scale.x,
          height: element.height * scale.y,
          x: node.x(),
          y: node.y(),
        };
        latest.current.props.onResize(element.id, size, resize.current ?? startGesture("resize"));
        resize.current = null;
        latest.current.props.onGestureEnd(element.id);
      },
    }),
    [],
  );

  // The handles follow the selection: there is no declarative way to attach them (see the react-konva docs).
  useEffect(() => {
    const handles = transformer.current;
    if (!handles) return;
    const node = selectedId === null ? undefined : nodes.current.get(selectedId);
    handles.nodes(node ? [node] : []);
    handles.forceUpdate();
    handles.getLayer()?.batchDraw();
  }, [selectedId, elements, editable]);

  const deselect = (event: KonvaEventObject<MouseEvent | TouchEvent>) => {
    if (event.target === event.target.getStage()) handlers.onSelect(null);
  };

  return (
    <div ref={frame} className="designer-canvas__frame">
      <div ref={scale} className="designer-canvas__page designed-layout designed-layout--editor">
        <div ref={props.pageRef} className="designed-layout__canvas">
          {props.elements.map((element, index) => (
            <DesignedElement
              key={element.id}
              element={element}
              layer={index + 1}
              aria-hidden="true"
              {...{ [DRAWN_ID_ATTRIBUTE]: element.id }}
            />
          ))}
        </div>
      </div>
      <Stage
        width={DESIGN_WIDTH * zoom}
        height={height * zoom}
        scaleX={zoom}
        scaleY={zoom}
        className="designer-canvas__stage"
        onMouseDown={editable ? deselect : undefined}
        onTouchStart={editable ? deselect : undefined}
      >
        <Layer listening={editable}>
          {elements.map((element) => (
            <CanvasElement key={element.id} element={element} editable={editable} handlers={handlers} />
          ))}
          {editable && (
            <Transformer
              ref={transformer}
              rotateEnabled={false}
              flipEnabled={false}
              keepRatio={false}
              ignoreStroke
              anchorSize={10}
              borderStroke={GUIDE_COLOUR}
              anchorStroke={GUIDE_COLOUR}
              boundBoxFunc={(before, after) =>
                after.width < MIN_HANDLE_SIZE || after.height < MIN_HANDLE_SIZE ? before : after
              }
            />
          )}
          {guides.map((guide) => (
            <Line
              key={`${guide.orientation}-${guide.position}`}
              points={
                guide.orientation === "vertical"
                  ? [guide.position, 0, guide.position, height]
                  : [0, guide.position, DESIGN_WIDTH, guide.position]
              }
              stroke={GUIDE_COLOUR}
              strokeWidth={1}
              dash={[4, 4]}
              strokeScaleEnabled={false}
              listening={false}
            />
          ))}
        </Layer>
      </Stage>
    </div>
  );
}
