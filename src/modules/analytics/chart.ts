/** A day's figures as the chart draws them. */
export interface ChartDay {
  day: string;
  views: number;
  visitors: number;
  /** Beacons the front turned away that day. */
  turnedAway: number;
}

/**
 * Whether a day's traffic looks flooded: the front turned beacons away, more from one
 * network than readers send (300 a minute) or more different ones than 2,000 a second.
 * Its visitors may then hold made-up ones and miss real ones.
 */
export const looksFlooded = (day: Pick<ChartDay, "turnedAway">): boolean => day.turnedAway > 0;

/** One bar group of the daily chart, in the SVG's own units. */
export interface ChartBar {
  day: string;
  x: number;
  width: number;
  views: { y: number; height: number };
  visitors: { y: number; height: number };
  flooded: boolean;
}

export interface DailyChart {
  width: number;
  height: number;
  /** The value of the top grid line, a round number at or above the busiest day. */
  top: number;
  /** Grid lines from 0 to `top`: their value and height. */
  ticks: { value: number; y: number }[];
  bars: ChartBar[];
}

/** The smallest 1, 2 or 5 times a power of ten at or above `value`. */
function roundUp(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= value) ?? 10;
  return step * power;
}

/**
 * The daily chart's geometry: a bar per day for views, and inside it a darker bar for that
 * day's visitors, on a scale from zero to a round number; a day that looks flooded says so.
 * A pure function of the figures, so the page draws it as static SVG.
 * @example dailyChart([{ day: "2026-11-01", views: 8, visitors: 3, turnedAway: 0 }], 100, 50).top // 10
 */
export function dailyChart(days: readonly ChartDay[], width: number, height: number): DailyChart {
  const top = roundUp(Math.max(0, ...days.map((day) => day.views)));
  const slot = days.length > 0 ? width / days.length : width;
  const gap = Math.min(4, slot * 0.2);
  const scale = (value: number) => (value / top) * height;
  return {
    width,
    height,
    top,
    ticks: [0, 0.5, 1].map((share) => ({ value: top * share, y: height - height * share })),
    bars: days.map((day, index) => ({
      day: day.day,
      x: index * slot + gap / 2,
      width: Math.max(1, slot - gap),
      views: { y: height - scale(day.views), height: scale(day.views) },
      visitors: { y: height - scale(day.visitors), height: scale(day.visitors) },
      flooded: looksFlooded(day),
    })),
  };
}
