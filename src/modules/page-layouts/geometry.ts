import { GRID_SIZE } from "./defaults";
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

/**
 * Where a new element goes so it does not hide one already there: `start`, or the first
 * spot down and to the right of it, a copy offset at a time, that no element's corner holds.
 * @example freeSpot([{ x: 100, y: 100 }], { x: 100, y: 100 }, 20) // { x: 120, y: 120 }
 */
export function freeSpot(
  elements: readonly { x: number; y: number }[],
  start: { x: number; y: number },
  step: number,
): { x: number; y: number } {
  const taken = new Set(elements.map(({ x, y }) => `${x},${y}`));
  let spot = start;
  for (let tries = 0; taken.has(`${spot.x},${spot.y}`) && tries < elements.length; tries += 1) {
    spot = { x: spot.x + step, y: spot.y + step };
  }
  return spot;
}
