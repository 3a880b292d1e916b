/**
 * A bar chart's geometry, for an SVG drawn on the server (zero JS). The SVG stretches to its
 * box, so it holds only shapes; the scale's labels are HTML around it, readable at any width.
 */

export interface ChartPoint {
  /** `2026-11-25`. */
  day: string;
  value: number;
}

export interface BarChartModel {
  /** The viewBox is `0 0 width height`, in the SVG's own units. */
  width: number;
  height: number;
  /** The scale's top: a round number at or above the largest value (at least 1). */
  top: number;
  bars: { x: number; y: number; width: number; height: number; point: ChartPoint }[];
  /** Horizontal lines at ¼, ½, ¾ and the top, in SVG units from the top. */
  grid: number[];
}

/** The smallest of 1, 2, 2.5, 5 × 10ⁿ at or above `value`: a top the eye reads at once. */
export function niceTop(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

const WIDTH = 600;
const HEIGHT = 160;
/** A zero still shows as a hairline, so an empty day reads as a day. */
const MIN_BAR = 1;

/** Bars for `points`, oldest on the left, a gap of a fifth of each slot between them. */
export function barChart(points: readonly ChartPoint[]): BarChartModel {
  const top = niceTop(Math.max(0, ...points.map((p) => p.value)));
  const slot = WIDTH / Math.max(points.length, 1);
  const gap = slot / 5;
  const bars = points.map((point, i) => {
    const height = Math.max(MIN_BAR, (point.value / top) * HEIGHT);
    return { x: i * slot + gap / 2, y: HEIGHT - height, width: slot - gap, height, point };
  });
  return {
    width: WIDTH,
    height: HEIGHT,
    top,
    bars,
    grid: [0, 0.25, 0.5, 0.75].map((f) => f * HEIGHT),
  };
}
