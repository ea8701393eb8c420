import { useMemo, type PointerEvent } from "react";
import { useCssomStyles, type StyleDeclaration } from "@/lib/use-cssom-styles";
import type { HandleDirection } from "../handle-resize";
import type { LayoutElement } from "../schema";

/** Where a handle sits on the box's edge, and the pointer it shows: a function of its direction. */
function handlePlace({ dx, dy }: HandleDirection): StyleDeclaration[] {
  const cursor = dx === 0 ? "ns" : dy === 0 ? "ew" : dx === dy ? "nwse" : "nesw";
  return [
    ["left", `${(dx + 1) * 50}%`],
    ["top", `${(dy + 1) * 50}%`],
    ["cursor", `${cursor}-resize`],
  ];
}

function Handle({ name, direction, onStart }: { name: string; direction: HandleDirection; onStart: Props["onStart"] }) {
  const placed = useCssomStyles<HTMLSpanElement>(useMemo(() => handlePlace(direction), [direction]));
  return (
    <span
      ref={placed}
      className={`home-editor__handle home-editor__handle--${name}`}
      onPointerDown={(event) => {
        onStart(direction, event);
      }}
    />
  );
}

const HANDLES: readonly (HandleDirection & { name: string })[] = [
  { name: "top-left", dx: -1, dy: -1 },
  { name: "top", dx: 0, dy: -1 },
  { name: "top-right", dx: 1, dy: -1 },
  { name: "right", dx: 1, dy: 0 },
  { name: "bottom-right", dx: 1, dy: 1 },
  { name: "bottom", dx: 0, dy: 1 },
  { name: "bottom-left", dx: -1, dy: 1 },
  { name: "left", dx: -1, dy: 0 },
];

interface Props {
  /** The selected element, as tall as it is drawn. */
  element: LayoutElement;
  /** Above every element. */
  layer: number;
  onStart: (direction: HandleDirection, event: PointerEvent<HTMLSpanElement>) => void;
}

/** Eight handles around the selected element, placed in the canvas's grid cell as the element is. */
export default function ResizeHandles({ element, layer, onStart }: Props) {
  const frame = useCssomStyles<HTMLDivElement>(
    useMemo<StyleDeclaration[]>(
      () => [
        ["margin-left", `${element.x}px`],
        ["margin-top", `${element.y}px`],
        ["width", `${element.width}px`],
        ["height", `${element.height}px`],
        ["z-index", String(layer)],
      ],
      [element.x, element.y, element.width, element.height, layer],
    ),
  );
  return (
    <div ref={frame} className="home-editor__handles" aria-hidden="true">
      {HANDLES.map((handle) => (
        <Handle key={handle.name} name={handle.name} direction={handle} onStart={onStart} />
      ))}
    </div>
  );
}
