import { expect, it } from "vitest";
import { ConcurrencyGate } from "./concurrency-gate";

it("lets in up to its limit, refuses the next at once, and makes room as each leaves, once", () => {
  const gate = new ConcurrencyGate(2);
  const first = gate.enter();
  const second = gate.enter();
  expect(first).toBeTypeOf("function");
  expect(second).toBeTypeOf("function");
  expect(gate.enter()).toBeUndefined();
  first?.();
  first?.();
  expect(gate.inside).toBe(1);
  expect(gate.enter()).toBeTypeOf("function");
  expect(gate.enter()).toBeUndefined();
});
