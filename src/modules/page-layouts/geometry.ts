import { DESIGN_WIDTH, GRID_SIZE } from "./defaults";
import { MAX_COORDINATE, MAX_SIZE } from "./schema";

const clamp = (value: number, max: number): number => (Number.isNaN(value) ? 0 : Math.min(max, Math.max(0, value)));

/**
 * A coordinate as the layout keeps it: a whole pixel between 0 and `MAX_COORDINATE` (SPEC §4
 * clamps x and y to at least 0), on the grid when snapping. A zoomed canvas reports
 * fractions of a pixel that no visitor could see, so they are rounded away.
 * @example placeCoordinate(-12) // 0
 * @example placeCoordinate(109, true) // 100
 */
export function placeCoordinate(value: number, snap = false): number {
  const rounded = snap ? Math.round(value / GRID_SIZE) * GRID_SIZE : Math.round(value);
  return clamp(rounded, MAX_COORDINATE);
}

/** A width or height as the layout keeps it: a whole pixel between 0 and `MAX_SIZE`. */
export const placeSize = (value: number): number => clamp(Math.round(value), MAX_SIZE);

/**
 * What a width or height input means (SPEC §5): its integer, or 0 when it holds none.
 * @example parseDimension("120px") // 120
 * @example parseDimension("wide") // 0
 */
export function parseDimension(input: string): number {
  const value = Number.parseInt(input, 10);
  return Number.isNaN(value) ? 0 : placeSize(value);
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Where a new element of `size` goes so it covers nothing already there: `start` when that
 * is clear, else the first place on the grid, row by row to the right of and below `start`,
 * that keeps a grid step from every element; below them all when no row has room.
 * @example openSpot([{ x: 100, y: 100, width: 200, height: 40 }], { width: 200, height: 40 }, { x: 100, y: 100 }) // { x: 320, y: 100 }
 */
export function openSpot(
  elements: readonly Box[],
  size: { width: number; height: number },
  start: { x: number; y: number },
): { x: number; y: number } {
  const clear = (x: number, y: number): boolean =>
    elements.every(
      (other) =>
        x + size.width + GRID_SIZE <= other.x ||
        other.x + other.width + GRID_SIZE <= x ||
        y + size.height + GRID_SIZE <= other.y ||
        other.y + other.height + GRID_SIZE <= y,
    );
  const below = elements.reduce((lowest, other) => Math.max(lowest, other.y + other.height + GRID_SIZE), start.y);
  for (let y = start.y; y < below; y += GRID_SIZE) {
    for (let x = start.x; x + size.width <= DESIGN_WIDTH; x += GRID_SIZE) if (clear(x, y)) return { x, y };
  }
  return { x: start.x, y: below };
}
