import { describe, expect, it } from "vitest";
import type { ReportedHit } from "./hit";
import { HitTally, untally } from "./hit-tally";

const hit = (more: Partial<ReportedHit> = {}): ReportedHit => ({
  path: "/posts/a",
  kind: "view",
  referrer: null,
  tag: null,
  address: "203.0.113.5",
  userAgent: "Mozilla/5.0 Firefox/140.0",
  ...more,
});

describe("hits waiting to be counted", () => {
  it("keeps each distinct hit once with how often it came, and crosses back to the same hits", () => {
    const tally = new HitTally(10);
    tally.add(hit());
    tally.add(hit());
    tally.add(hit({ kind: "read" }));
    tally.add(hit({ referrer: "news.example", tag: "newsletter-3", session: "abc" }));
    tally.add(hit());
    const crossed = tally.take();
    expect(crossed.keys).toHaveLength(3);
    expect(untally(structuredClone(crossed))).toEqual([
      { ...hit(), times: 3 },
      { ...hit({ kind: "read" }), times: 1 },
      { ...hit({ referrer: "news.example", tag: "newsletter-3", session: "abc" }), times: 1 },
    ]);
    expect(tally.empty).toBe(true);
    expect(tally.take()).toEqual({ keys: [], times: [], turnedAway: 0 });
  });

  it("tells apart hits whose fields would run together as text", () => {
    const tally = new HitTally(10);
    tally.add(hit({ path: "/a\nb", address: "c" }));
    tally.add(hit({ path: "/a", address: "b\nc" }));
    expect(untally(tally.take()).map(({ path, address }) => [path, address])).toEqual([
      ["/a\nb", "c"],
      ["/a", "b\nc"],
    ]);
  });

  it("drops new hits once full but still counts the ones it holds", () => {
    const tally = new HitTally(2);
    tally.add(hit({ path: "/one" }));
    tally.add(hit({ path: "/two" }));
    tally.add(hit({ path: "/three" }));
    tally.add(hit({ path: "/one" }));
    expect(untally(tally.take()).map(({ path, times }) => [path, times])).toEqual([
      ["/one", 2],
      ["/two", 1],
    ]);
  });

  it("passes on how many beacons it dropped or were turned away before it, so the day shows flooded", () => {
    const tally = new HitTally(1);
    tally.add(hit({ path: "/one" }));
    tally.add(hit({ path: "/two" }));
    tally.add(hit({ path: "/three" }));
    tally.turnAway();
    expect(tally.take().turnedAway).toBe(3);
    // Turned-away beacons alone are worth sending: the report marks the day.
    tally.turnAway();
    expect(tally.empty).toBe(false);
    expect(tally.take()).toEqual({ keys: [], times: [], turnedAway: 1 });
    expect(tally.empty).toBe(true);
  });
});
