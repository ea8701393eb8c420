import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { MAX_PART_BYTES, SKETCH_PARTS, VisitorSketch } from "./visitor-sketch";

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
    expect(sketch.merge(sketchOf("a", 0, 500)).size).toBe(0);
    expect(sketch.estimate()).toBe(sketchOf("a", 0, 500).estimate());
  });

  it("merges two sketches into the sketch of everyone either counted, overlap once", () => {
    const morning = sketchOf("a", 0, 6_000);
    const evening = sketchOf("a", 4_000, 10_000);
    expect(morning.merge(evening).size).toBe(SKETCH_PARTS);
    const everyone = sketchOf("a", 0, 10_000);
    for (let part = 0; part < SKETCH_PARTS; part++) expect(morning.part(part)).toEqual(everyone.part(part));
    expect(morning.merge(sketchOf("a", 2_000, 3_000)).size).toBe(0);
    // One more visitor changes one part at most, so only that part is written again.
    expect(morning.merge(sketchOf("b", 0, 1)).size).toBeLessThanOrEqual(1);
  });

  it("stores a few visitors in a few bytes and any number in at most 16 parts of about 1 KB", () => {
    const one = sketchOf("a", 0, 1);
    expect(one.partsSet()).toHaveLength(1);
    expect(one.part(one.partsSet()[0] ?? 0)).toHaveLength(4);
    for (const count of [10, 3_000, 100_000]) {
      const sketch = sketchOf("a", 0, count);
      const parts = sketch.partsSet().map((part) => sketch.part(part));
      expect(parts.length).toBeLessThanOrEqual(SKETCH_PARTS);
      for (const part of parts) expect(part.length).toBeLessThanOrEqual(MAX_PART_BYTES);
      expect(VisitorSketch.fromParts(parts).estimate()).toBe(sketch.estimate());
    }
    const busy = sketchOf("a", 0, 100_000);
    expect(busy.partsSet().map((part) => busy.part(part).length)).toEqual(Array(SKETCH_PARTS).fill(MAX_PART_BYTES));
  });

  it("refuses bytes that are no part of a sketch", () => {
    const densePart = (part: number) => Uint8Array.of(2, part, ...new Uint8Array(MAX_PART_BYTES - 2));
    expect(VisitorSketch.fromParts([densePart(15)]).estimate()).toBe(0);
    for (const bytes of [
      new Uint8Array(),
      Uint8Array.of(9),
      Uint8Array.of(1, 0),
      Uint8Array.of(1, 0xff, 0, 1),
      Uint8Array.of(1, 0, 0, 60),
      Uint8Array.of(2, 1),
      densePart(16),
    ]) {
      expect(() => VisitorSketch.fromParts([bytes])).toThrow("Not a visitor sketch");
    }
  });
});
