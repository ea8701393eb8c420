import { describe, expect, it } from "vitest";
import { alignTo, GUIDE_THRESHOLD } from "./alignment-guides";

const canvas = { width: 1200, height: 600 };
const other = { x: 400, y: 200, width: 200, height: 100 };

describe("alignTo", () => {
  it("leaves a box alone when nothing is within the threshold", () => {
    const moving = { x: 50, y: 50, width: 100, height: 40 };
    expect(alignTo(moving, [other], canvas)).toEqual({ x: 50, y: 50, guides: [], snapped: { x: false, y: false } });
  });

  it("snaps a left edge to another element's left edge, and draws the line there", () => {
    const moving = { x: 403, y: 50, width: 100, height: 40 };
    expect(alignTo(moving, [other], canvas)).toEqual({
      x: 400,
      y: 50,
      guides: [{ orientation: "vertical", position: 400 }],
      snapped: { x: true, y: false },
    });
  });

  it("snaps a right edge to another element's left edge", () => {
    const moving = { x: 296, y: 50, width: 100, height: 40 };
    expect(alignTo(moving, [other], canvas).x).toBe(300);
  });

  it("snaps centres to centres on both axes", () => {
    // The other's centre is at 500, 250; the moving box's centre at 498, 253.
    const moving = { x: 448, y: 233, width: 100, height: 40 };
    const aligned = alignTo(moving, [other], canvas);
    expect(aligned).toMatchObject({ x: 450, y: 230, snapped: { x: true, y: true } });
    expect(aligned.guides).toEqual([
      { orientation: "vertical", position: 500 },
      { orientation: "horizontal", position: 250 },
    ]);
  });

  it("snaps to the canvas's edges and centre", () => {
    expect(alignTo({ x: 3, y: 598 - 40, width: 100, height: 40 }, [], canvas)).toMatchObject({ x: 0, y: 560 });
    expect(alignTo({ x: 548, y: 100, width: 100, height: 40 }, [], canvas)).toMatchObject({
      x: 550,
      guides: [{ orientation: "vertical", position: 600 }],
    });
    expect(alignTo({ x: 1103, y: 100, width: 100, height: 40 }, [], canvas).x).toBe(1100);
  });

  it("snaps at exactly the threshold and not a pixel beyond", () => {
    expect(alignTo({ x: 400 + GUIDE_THRESHOLD, y: 0, width: 10, height: 10 }, [other], canvas).snapped.x).toBe(true);
    expect(alignTo({ x: 400 + GUIDE_THRESHOLD + 1, y: 50, width: 10, height: 10 }, [other], canvas).snapped.x).toBe(
      false,
    );
  });

  it("prefers the closest line when several are near", () => {
    const near = { x: 100, y: 400, width: 50, height: 50 };
    const nearer = { x: 104, y: 500, width: 50, height: 50 };
    expect(alignTo({ x: 103, y: 200, width: 10, height: 10 }, [near, nearer], canvas)).toMatchObject({
      x: 104,
      guides: [{ orientation: "vertical", position: 104 }],
    });
  });
});
