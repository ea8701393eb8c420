import { describe, expect, it } from "vitest";
import { dragPlacement, MIN_STAGE_HEIGHT, reveal, stageHeight, STAGE_ROOM } from "./canvas-geometry";

const size = { width: 200, height: 40 };

describe("stageHeight", () => {
  it("is at least the minimum, empty or not", () => {
    expect(stageHeight([])).toBe(MIN_STAGE_HEIGHT);
    expect(stageHeight([{ y: 100, height: 40 }])).toBe(MIN_STAGE_HEIGHT);
  });

  it("grows to keep room beneath the lowest element, on a grid line", () => {
    expect(stageHeight([{ y: 560, height: 150 }])).toBe(840);
    expect(
      stageHeight([
        { y: 1000, height: 45 },
        { y: 10, height: 10 },
      ]),
    ).toBe(1180);
    expect(stageHeight([{ y: 1000, height: 45 }]) - (1000 + 45)).toBeGreaterThanOrEqual(STAGE_ROOM);
  });
});

describe("dragPlacement", () => {
  const drag = (
    x: number,
    y: number,
    grid = false,
    others = [] as { x: number; y: number; width: number; height: number }[],
  ) => dragPlacement({ proposed: { x, y }, size, others, canvasHeight: 600, grid });

  it("places by the proposed corner, whatever else the size carries", () => {
    const element = { id: "element-1", x: 500, y: 500, ...size };
    expect(
      dragPlacement({ proposed: { x: 37, y: 77 }, size: element, others: [], canvasHeight: 600, grid: false }),
    ).toEqual({ x: 37, y: 77, guides: [] });
  });

  it("keeps the element at or right of and below the canvas's top left corner", () => {
    expect(drag(-40, -300)).toEqual({ x: 0, y: 0, guides: [] });
  });

  it("keeps the element within the design width", () => {
    expect(drag(1150, 77).x).toBe(1000);
  });

  it("rounds to whole pixels", () => {
    expect(drag(37.4, 77.6)).toEqual({ x: 37, y: 78, guides: [] });
  });

  it("snaps to the 20 px grid when the grid is on", () => {
    expect(drag(37, 77, true)).toEqual({ x: 40, y: 80, guides: [] });
    expect(drag(29, 51, true)).toEqual({ x: 20, y: 60, guides: [] });
  });

  it("lines up with a nearby element before the grid, on that axis alone", () => {
    const other = { x: 413, y: 500, width: 100, height: 50 };
    expect(drag(411, 77, true, [other])).toEqual({
      x: 413,
      y: 80,
      guides: [{ orientation: "vertical", position: 413 }],
    });
  });

  it("drops a guide the canvas's edge pushed the element off", () => {
    // The right edge would line up with a line past the design width's end.
    const other = { x: 1220, y: 500, width: 10, height: 10 };
    expect(drag(1018, 77, false, [other])).toEqual({ x: 1000, y: 77, guides: [] });
  });
});

describe("reveal", () => {
  const view = { left: 0, top: 0, width: 600, height: 400 };

  it("leaves the scroll alone when the box is already in view", () => {
    expect(reveal(view, { x: 100, y: 100, width: 200, height: 40 })).toEqual({ left: 0, top: 0 });
  });

  it("scrolls right or down just enough, with some room", () => {
    expect(reveal(view, { x: 900, y: 100, width: 200, height: 40 })).toEqual({ left: 520, top: 0 });
    expect(reveal(view, { x: 100, y: 500, width: 200, height: 40 })).toEqual({ left: 0, top: 160 });
  });

  it("scrolls back left or up to the box's start", () => {
    expect(reveal({ ...view, left: 500, top: 300 }, { x: 100, y: 100, width: 200, height: 40 })).toEqual({
      left: 80,
      top: 80,
    });
  });

  it("shows the start of a box too big for the view", () => {
    expect(reveal(view, { x: 700, y: 0, width: 900, height: 40 })).toEqual({ left: 680, top: 0 });
  });
});
