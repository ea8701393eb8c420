import { alignTo, type Box, type Guide } from "./alignment-guides";
import { DESIGN_WIDTH, GRID_SIZE, type Point } from "./defaults";
import { placeCoordinate } from "./geometry";

/** The designer's canvas is never shorter than this, so an empty layout has room to start. */
export const MIN_STAGE_HEIGHT = 600;
/** Room kept below the lowest element, so an element can always be dragged further down. */
export const STAGE_ROOM = 120;

/**
 * How tall the canvas is: enough for the lowest element and some room beneath it, on a
 * grid line, and at least `MIN_STAGE_HEIGHT`.
 * @example stageHeight([{ y: 560, height: 150 }]) // 840
 */
export function stageHeight(elements: readonly { y: number; height: number }[]): number {
  const bottom = elements.reduce((lowest, element) => Math.max(lowest, element.y + element.height), 0);
  const needed = Math.ceil((bottom + STAGE_ROOM) / GRID_SIZE) * GRID_SIZE;
  return Math.max(MIN_STAGE_HEIGHT, needed);
}

/** What a drag knows at each step: where the pointer would put the element, and what is around it. */
export interface DragInput {
  /** The element's top left corner as the pointer would place it. */
  proposed: Point;
  size: { width: number; height: number };
  /** The other elements, whose edges and centres the element may line up with. */
  others: readonly Box[];
  /** The canvas's height when the drag began: it grows under the drag, and its lines must stay put. */
  canvasHeight: number;
  grid: boolean;
}

/** Where a dragged element goes, and the guides to draw. */
export interface DragPlacement extends Point {
  guides: Guide[];
}

const within = (value: number, max: number): number => Math.min(Math.max(value, 0), Math.max(max, 0));

/**
 * Places a dragged element: lined up with a nearby edge or centre when one is close (see
 * `alignTo`), otherwise on the 20 px grid when the grid is on; always in whole pixels, never
 * above or left of the canvas (SPEC §4), and never past its right edge, which is where a
 * visitor's page ends.
 * @example dragPlacement({ proposed: { x: -40, y: 133 }, size: { width: 200, height: 40 }, others: [], canvasHeight: 600, grid: true })
 * // { x: 0, y: 140, guides: [] }
 */
export function dragPlacement({ proposed, size, others, canvasHeight, grid }: DragInput): DragPlacement {
  const moving = { x: proposed.x, y: proposed.y, width: size.width, height: size.height };
  const aligned = alignTo(moving, others, { width: DESIGN_WIDTH, height: canvasHeight });
  const place = (value: number, snapped: boolean) => (snapped ? Math.round(value) : placeCoordinate(value, grid));
  const x = within(place(aligned.x, aligned.snapped.x), DESIGN_WIDTH - size.width);
  const y = placeCoordinate(place(aligned.y, aligned.snapped.y));
  // A guide whose axis the canvas's edges moved the element off no longer lines anything up.
  const guides = aligned.guides.filter((guide) =>
    guide.orientation === "vertical" ? x === Math.round(aligned.x) : y === Math.round(aligned.y),
  );
  return { x, y, guides };
}

/** The part of the canvas a scrollable area shows: its scroll offsets and its inner size. */
export interface View {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Room left around an element scrolled into view. */
const REVEAL_MARGIN = 20;

function revealAxis(start: number, size: number, viewStart: number, viewSize: number): number {
  if (start >= viewStart && start + size <= viewStart + viewSize) return viewStart;
  // Too big to show whole: its start matters most.
  if (size + 2 * REVEAL_MARGIN > viewSize || start < viewStart) return Math.max(0, start - REVEAL_MARGIN);
  return start + size + REVEAL_MARGIN - viewSize;
}

/**
 * The scroll offsets that bring a box into view with the least movement, or the same
 * offsets when it is already shown whole. The designer uses it when an element is chosen
 * in the list of layers, so the keyboard's choice is never out of sight.
 * @example reveal({ left: 0, top: 0, width: 600, height: 400 }, { x: 900, y: 100, width: 200, height: 40 }) // { left: 520, top: 0 }
 */
export function reveal(view: View, box: Box): { left: number; top: number } {
  return {
    left: revealAxis(box.x, box.width, view.left, view.width),
    top: revealAxis(box.y, box.height, view.top, view.height),
  };
}
