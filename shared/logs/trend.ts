/**
 * Trend arithmetic (part 3 §9): a moving average over 3, 4 (default), 5, 7 or 10 periods, and a
 * linear trend fitted on the last 10 moving-average points that forecasts 4 periods, never below 0.
 */
export const movingAverageWindows = [3, 4, 5, 7, 10] as const;
export type MovingAverageWindow = (typeof movingAverageWindows)[number];
export const defaultWindow: MovingAverageWindow = 4;
export const trendFitPoints = 10;
export const forecastPeriods = 4;

/** The mean of each value and the window-1 before it; null until a full window exists. */
export function movingAverage(values: readonly number[], window: number): (number | null)[] {
  return values.map((_, index) => {
    if (index < window - 1) return null;
    let sum = 0;
    for (let offset = index - window + 1; offset <= index; offset += 1) sum += values[offset];
    return sum / window;
  });
}

/** Least-squares line y = intercept + slope·x through points at x = 0, 1, 2, …; one point gives a flat line. */
export function linearFit(points: readonly number[]): { slope: number; intercept: number } | null {
  const n = points.length;
  if (n === 0) return null;
  if (n === 1) return { slope: 0, intercept: points[0] };
  const meanX = (n - 1) / 2;
  const meanY = points.reduce((sum, y) => sum + y, 0) / n;
  let covariance = 0;
  let variance = 0;
  points.forEach((y, x) => {
    covariance += (x - meanX) * (y - meanY);
    variance += (x - meanX) ** 2;
  });
  const slope = covariance / variance;
  return { slope, intercept: meanY - slope * meanX };
}

/**
 * The next `forecastPeriods` values of the line fitted on the last `trendFitPoints` moving-average
 * points (the nulls of a short series are skipped), clamped at 0; empty when there is no point.
 */
export function forecast(average: readonly (number | null)[], fitPoints = trendFitPoints, periods = forecastPeriods): number[] {
  const known = average.filter((value): value is number => value !== null).slice(-fitPoints);
  const line = linearFit(known);
  if (!line) return [];
  return Array.from({ length: periods }, (_, step) => Math.max(0, line.intercept + line.slope * (known.length + step)));
}
