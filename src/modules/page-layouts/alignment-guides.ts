/** A rectangle on the canvas, in design pixels. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A line the dragged element lines up with: `vertical` lines stand at an x, `horizontal`
 * lines lie at a y. The designer draws it dashed across the canvas while the drag lasts.
 */
export interface Guide {
  orientation: "vertical" | "horizontal";
  position: number;
}

/** Where a dragged element goes once it has snapped, and the guides it snapped to. */
export interface Alignment {
  x: number;
  y: number;
  guides: Guide[];
  /** Whether each axis snapped to a guide, so the grid leaves that axis alone. */
  snapped: { x: boolean; y: boolean };
}

/** How close, in pixels, an edge or centre must come to a guide to snap to it. */
export const GUIDE_THRESHOLD = 5;

// The three lines of a box along one axis: its start, its centre and its end.
const stops = (start: number, size: number): number[] => [start, start + size / 2, start + size];

interface Match {
  /** Where the dragged box's start goes so that one of its lines sits on the stop. */
  start: number;
  stop: number;
  distance: number;
}

function nearest(start: number, size: number, candidates: readonly number[], threshold: number): Match | undefined {
  let best: Match | undefined;
  stops(start, size).forEach((line, index) => {
    const offset = (size / 2) * index;
    for (const stop of candidates) {
      const distance = Math.abs(line - stop);
      if (distance <= threshold && (best === undefined || distance < best.distance)) {
        best = { start: stop - offset, stop, distance };
      }
    }
  });
  return best;
}

/**
 * Snaps a dragged box to the edges and centres of the other boxes and of the canvas, when
 * one of its own edges or its centre comes within `threshold` pixels of one; each axis on
 * its own. Nothing near leaves the box where the pointer put it.
 * @example alignTo({ x: 97, y: 300, width: 100, height: 40 }, [{ x: 100, y: 0, width: 50, height: 50 }], { width: 1200, height: 600 })
 * // { x: 100, y: 300, guides: [{ orientation: "vertical", position: 100 }], snapped: { x: true, y: false } }
 */
export function alignTo(
  moving: Box,
  others: readonly Box[],
  canvas: { width: number; height: number },
  threshold = GUIDE_THRESHOLD,
): Alignment {
  const verticals = [...stops(0, canvas.width), ...others.flatMap((box) => stops(box.x, box.width))];
  const horizontals = [...stops(0, canvas.height), ...others.flatMap((box) => stops(box.y, box.height))];
  const onX = nearest(moving.x, moving.width, verticals, threshold);
  const onY = nearest(moving.y, moving.height, horizontals, threshold);
  const guides: Guide[] = [];
  if (onX) guides.push({ orientation: "vertical", position: onX.stop });
  if (onY) guides.push({ orientation: "horizontal", position: onY.stop });
  return {
    x: onX?.start ?? moving.x,
    y: onY?.start ?? moving.y,
    guides,
    snapped: { x: onX !== undefined, y: onY !== undefined },
  };
}
