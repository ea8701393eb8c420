import { describe, expect, it } from "vitest";
import { newestOnly } from "./newest-only";

describe("newestOnly", () => {
  it("takes answers in the order they were asked for, skipping any older than one taken", () => {
    const gate = newestOnly();
    const [first, second, third] = [gate.next(), gate.next(), gate.next()];
    expect(gate.accept(second)).toBe(true);
    expect(gate.accept(first)).toBe(false);
    expect(gate.accept(third)).toBe(true);
    expect(gate.accept(third)).toBe(false);
  });

  it("takes an answer newer than the last taken even if a still newer one is on its way", () => {
    const gate = newestOnly();
    const first = gate.next();
    gate.next();
    expect(gate.accept(first)).toBe(true);
  });
});
