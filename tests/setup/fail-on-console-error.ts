import { afterEach, vi } from "vitest";

// An error logged during a test is a bug the test did not assert on: fail loudly.
const spy = vi.spyOn(console, "error");

afterEach(() => {
  const calls = spy.mock.calls;
  spy.mockClear();
  if (calls.length > 0) {
    throw new Error(`console.error was called:\n${calls.map((c) => c.map(String).join(" ")).join("\n")}`);
  }
});
