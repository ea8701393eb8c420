import { describe, expect, it, vi } from "vitest";
import { bufferCollector } from "./buffer-collector.server";

describe("bufferCollector", () => {
  it("asks for a collection each time the bytes read cross a multiple of the step", () => {
    const collect = vi.fn();
    const count = bufferCollector(100, collect);
    count(60);
    expect(collect).not.toHaveBeenCalled();
    count(60);
    expect(collect).toHaveBeenCalledTimes(1);
    count(250);
    // 370 bytes: past 200 and 300 in one read counts once.
    expect(collect).toHaveBeenCalledTimes(2);
    count(30);
    expect(collect).toHaveBeenCalledTimes(3);
  });

  it("reaches V8's collector without leaving a global gc behind", () => {
    const count = bufferCollector(1);
    expect(() => {
      count(2);
    }).not.toThrow();
    expect("gc" in globalThis).toBe(false);
  });
});
