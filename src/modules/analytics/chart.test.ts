import { describe, expect, it } from "vitest";
import { dailyChart } from "./chart";

describe("dailyChart", () => {
  const days = [
    { day: "2026-11-01", views: 40, visitors: 10, turnedAway: 0 },
    { day: "2026-11-02", views: 0, visitors: 0, turnedAway: 0 },
    { day: "2026-11-03", views: 17, visitors: 17, turnedAway: 1_500 },
  ];

  it("scales to a round top at or above the busiest day", () => {
    expect(dailyChart(days, 300, 100).top).toBe(50);
    expect(dailyChart([{ day: "2026-11-01", views: 101, visitors: 1, turnedAway: 0 }], 10, 10).top).toBe(200);
    expect(dailyChart([], 10, 10).top).toBe(1);
  });

  it("draws a bar per day, visitors inside views, from the baseline up", () => {
    const chart = dailyChart(days, 300, 100);
    expect(chart.bars.map((bar) => bar.views.height)).toEqual([80, 0, 34]);
    expect(chart.bars.map((bar) => bar.visitors.height)).toEqual([20, 0, 34]);
    expect(chart.bars.every((bar) => bar.views.y + bar.views.height === 100)).toBe(true);
    expect(chart.bars.map((bar) => bar.x)).toEqual([2, 102, 202]);
    expect(chart.ticks.map((tick) => tick.value)).toEqual([0, 25, 50]);
  });

  it("marks a day whose beacons were turned away as flooded, and only that day", () => {
    expect(dailyChart(days, 300, 100).bars.map((bar) => bar.flooded)).toEqual([false, false, true]);
  });
});
