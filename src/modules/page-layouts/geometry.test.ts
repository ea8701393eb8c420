import { describe, expect, it } from "vitest";
import { openSpot, parseDimension, placeCoordinate, placeSize } from "./geometry";
import { MAX_COORDINATE, MAX_SIZE } from "./schema";

describe("placeCoordinate", () => {
  it("keeps a coordinate a whole pixel from 0 to the limit", () => {
    expect(placeCoordinate(12.4)).toBe(12);
    expect(placeCoordinate(-30)).toBe(0);
    expect(placeCoordinate(MAX_COORDINATE + 1)).toBe(MAX_COORDINATE);
    expect(placeCoordinate(Number.NaN)).toBe(0);
    expect(placeCoordinate(Number.NEGATIVE_INFINITY)).toBe(0);
  });

  it("snaps to the nearest 20 px grid line when asked", () => {
    expect(placeCoordinate(109, true)).toBe(100);
    expect(placeCoordinate(110, true)).toBe(120);
    expect(placeCoordinate(-9, true)).toBe(0);
  });
});

describe("sizes", () => {
  it("keeps a size a whole pixel from 0 to the limit", () => {
    expect(placeSize(40.6)).toBe(41);
    expect(placeSize(-1)).toBe(0);
    expect(placeSize(Number.POSITIVE_INFINITY)).toBe(MAX_SIZE);
  });

  it("reads a typed width or height as its integer, or 0 (SPEC §5)", () => {
    expect(parseDimension("120")).toBe(120);
    expect(parseDimension(" 80px")).toBe(80);
    expect(parseDimension("12.9")).toBe(12);
    expect(parseDimension("wide")).toBe(0);
    expect(parseDimension("")).toBe(0);
    expect(parseDimension("-5")).toBe(0);
    expect(parseDimension("99999")).toBe(MAX_SIZE);
  });
});

describe("openSpot", () => {
  const size = { width: 200, height: 40 };
  const start = { x: 100, y: 100 };
  const overlaps = (a: Box, b: Box) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  type Box = { x: number; y: number; width: number; height: number };

  it("puts the first element at the start", () => {
    expect(openSpot([], size, start)).toEqual(start);
  });

  it("puts each next element where it covers none of those before it", () => {
    const placed: Box[] = [];
    for (let n = 0; n < 30; n += 1) {
      const spot = { ...openSpot(placed, size, start), ...size };
      expect(placed.filter((other) => overlaps(other, spot))).toEqual([]);
      expect(spot.x + spot.width).toBeLessThanOrEqual(1200);
      placed.push(spot);
    }
    // Rows fill before the page grows: four 200 px boxes and their gaps fit beside the first.
    expect(placed.slice(0, 5).map(({ y }) => y)).toEqual([100, 100, 100, 100, 100]);
  });

  it("goes below everything when no row has room", () => {
    const wall = [{ x: 0, y: 0, width: 1200, height: 500 }];
    expect(openSpot(wall, size, start)).toEqual({ x: 100, y: 520 });
  });
});
