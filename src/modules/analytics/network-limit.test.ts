import { describe, expect, it } from "vitest";
import { NetworkLimit } from "./network-limit";

describe("NetworkLimit", () => {
  it("lets a network send its beacons a minute, refuses the rest, and starts again the next minute", () => {
    let now = Date.parse("2026-11-26T10:00:00Z");
    const limit = new NetworkLimit(3, 10, () => now);
    expect([1, 2, 3, 4, 5].map(() => limit.take("203.0.113.0/24"))).toEqual([true, true, true, false, false]);
    // Another network has a count of its own.
    expect(limit.take("198.51.100.0/24")).toBe(true);
    now += 59_000;
    expect(limit.take("203.0.113.0/24")).toBe(false);
    now += 1_000;
    expect(limit.take("203.0.113.0/24")).toBe(true);
  });

  it("keeps at most its number of networks, forgetting the one whose minute began longest ago", () => {
    let now = Date.parse("2026-11-26T10:00:00Z");
    const limit = new NetworkLimit(1, 3, () => now);
    for (const network of ["a", "b", "c"]) limit.take(network);
    now += 60_000;
    // "a" starts a new minute, so "b" is now the stalest.
    expect(limit.take("a")).toBe(true);
    expect(limit.take("d")).toBe(true);
    expect(limit.size).toBe(3);
    expect(limit.take("a")).toBe(false);
    expect(limit.take("c")).toBe(true);
    for (let i = 0; i < 10_000; i++) limit.take(`flood-${i}`);
    expect(limit.size).toBe(3);
  });
});
