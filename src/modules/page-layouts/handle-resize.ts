import type { LayoutElement } from "./schema";

/** Which edges a handle moves: -1 the left or top one, 1 the right or bottom one, 0 neither. */
export interface HandleDirection {
  dx: -1 | 0 | 1;
  dy: -1 | 0 | 1;
}

/** Smaller than this, an element could no longer be caught. */
const MIN_SIZE = 4;

/**
 * The box a handle leaves after the pointer moved by `delta` from where the resize began:
 * the edges it holds follow the pointer, the others stay.
 * @example resizedBox({ x: 100, y: 100, width: 200, height: 40 }, { dx: -1, dy: 0 }, { x: -20, y: 5 })
 * // { x: 80, y: 100, width: 220, height: 40 }
 */
export function resizedBox(
  origin: Pick<LayoutElement, "x" | "y" | "width" | "height">,
  direction: HandleDirection,
  delta: { x: number; y: number },
): { x: number; y: number; width: number; height: number } {
  const width = Math.max(MIN_SIZE, origin.width + direction.dx * delta.x);
  const height = Math.max(MIN_SIZE, origin.height + direction.dy * delta.y);
  return {
    x: direction.dx < 0 ? origin.x + origin.width - width : origin.x,
    y: direction.dy < 0 ? origin.y + origin.height - height : origin.y,
    width,
    height,
  };
}
