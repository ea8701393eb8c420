import { describe, expect, it } from "vitest";
import { parseDimension, placeCoordinate, placeSize, freeSpot } from "./geometry";
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

describe("freeSpot", () => {
  it("gives the start when it is free, else the next free step down and to the right", () => {
    expect(freeSpot([], { x: 100, y: 100 }, 20)).toEqual({ x: 100, y: 100 });
    expect(
      freeSpot(
        [
          { x: 100, y: 100 },
          { x: 120, y: 120 },
          { x: 300, y: 0 },
        ],
        { x: 100, y: 100 },
        20,
      ),
    ).toEqual({
      x: 140,
      y: 140,
    });
  });
});
