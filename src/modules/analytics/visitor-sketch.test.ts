import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { MAX_SKETCH_BYTES, VisitorSketch } from "./visitor-sketch";

/** Made-up visitors' hashes, as random as the keyed hashes of real ones and the same each run. */
const hashOf = (run: string, visitor: number) => createHash("sha256").update(`${run}:${visitor}`).digest();

const sketchOf = (run: string, from: number, to: number) => {
  const sketch = new VisitorSketch();
  for (let visitor = from; visitor < to; visitor++) sketch.add(hashOf(run, visitor));
  return sketch;
};

describe("VisitorSketch", () => {
  it("counts nobody as 0, one visitor as 1, and a few exactly", () => {
    expect(new VisitorSketch().estimate()).toBe(0);
    expect(sketchOf("a", 0, 1).estimate()).toBe(1);
    expect(sketchOf("a", 0, 20).estimate()).toBe(20);
  });

  it.each([100, 1_000, 10_000, 50_000, 200_000])("estimates %i distinct visitors to within 2 percent", (count) => {
    for (const run of ["a", "b", "c"]) {
      const estimate = sketchOf(run, 0, count).estimate();
      expect(Math.abs(estimate - count) / count).toBeLessThan(0.02);
    }
  });

  it("counts a visitor who comes back once", () => {
    const sketch = sketchOf("a", 0, 500);
    const before = sketch.toBytes();
    for (let visitor = 0; visitor < 500; visitor++) sketch.add(hashOf("a", visitor));
    expect(sketch.toBytes()).toEqual(before);
  });

  it("merges two sketches into the sketch of everyone either counted, overlap once", () => {
    const morning = sketchOf("a", 0, 6_000);
    const evening = sketchOf("a", 4_000, 10_000);
    morning.merge(evening);
    expect(morning.toBytes()).toEqual(sketchOf("a", 0, 10_000).toBytes());
  });

  it("stores a few visitors in a few bytes and any number in at most 16 KB, and reads back the same", () => {
    const few = sketchOf("a", 0, 10);
    expect(few.toBytes().length).toBe(31);
    for (const count of [10, 3_000, 100_000]) {
      const sketch = sketchOf("a", 0, count);
      const bytes = sketch.toBytes();
      expect(bytes.length).toBeLessThanOrEqual(MAX_SKETCH_BYTES);
      expect(VisitorSketch.fromBytes(bytes).toBytes()).toEqual(bytes);
      expect(VisitorSketch.fromBytes(bytes).estimate()).toBe(sketch.estimate());
    }
    expect(sketchOf("a", 0, 100_000).toBytes().length).toBe(MAX_SKETCH_BYTES);
  });

  it("refuses bytes that are no sketch", () => {
    for (const bytes of [
      new Uint8Array(),
      Uint8Array.of(9),
      Uint8Array.of(1, 0),
      Uint8Array.of(1, 0xff, 0, 1),
      Uint8Array.of(2, 1),
    ]) {
      expect(() => VisitorSketch.fromBytes(bytes)).toThrow("Not a visitor sketch");
    }
  });
});
