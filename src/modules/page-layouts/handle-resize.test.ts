import { describe, expect, it } from "vitest";
import { resizedBox } from "./handle-resize";

const origin = { x: 100, y: 100, width: 200, height: 40 };

describe("resizedBox", () => {
  it("moves only the edges the handle holds", () => {
    expect(resizedBox(origin, { dx: 1, dy: 1 }, { x: 30, y: 20 })).toEqual({ x: 100, y: 100, width: 230, height: 60 });
    expect(resizedBox(origin, { dx: -1, dy: 0 }, { x: -20, y: 50 })).toEqual({ x: 80, y: 100, width: 220, height: 40 });
    expect(resizedBox(origin, { dx: 0, dy: -1 }, { x: 70, y: -10 })).toEqual({ x: 100, y: 90, width: 200, height: 50 });
  });

  it("never makes the element too small to catch, keeping its far edge where it was", () => {
    expect(resizedBox(origin, { dx: -1, dy: -1 }, { x: 500, y: 500 })).toEqual({ x: 296, y: 136, width: 4, height: 4 });
  });
});
