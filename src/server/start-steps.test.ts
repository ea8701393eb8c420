import { afterEach, expect, it, vi } from "vitest";
import { startSteps } from "./start-steps.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

it("logs each step with its duration at debug, and nothing at info", () => {
  const debug = vi.spyOn(console, "debug").mockImplementation(() => undefined);
  vi.spyOn(performance, "now").mockReturnValue(1_012.4);
  startSteps("info")("kept pages read", 1_000);
  expect(debug).not.toHaveBeenCalled();
  startSteps("debug")("kept pages read", 1_000);
  expect(debug).toHaveBeenCalledExactlyOnceWith("start: kept pages read in 12 ms");
});

it("hands its lines to the log it is given", () => {
  const lines: string[] = [];
  vi.spyOn(performance, "now").mockReturnValue(400);
  startSteps("debug", (line) => lines.push(line))("database opened", 0);
  expect(lines).toEqual(["start: database opened in 400 ms"]);
});
