import { defaultWindow, forecast, linearFit, movingAverage, movingAverageWindows } from '../../../shared/logs/trend';

describe('trends (part 3 §9): moving average', () => {
  it('the windows are 3, 4, 5, 7 or 10 periods, 4 by default', () => {
    expect(movingAverageWindows).toEqual([3, 4, 5, 7, 10]);
    expect(defaultWindow).toBe(4);
  });

  it('each point is the mean of its period and the window-1 before it; none before a full window', () => {
    expect(movingAverage([1, 2, 3, 4, 5], 3)).toEqual([null, null, 2, 3, 4]);
  });

  it('empty periods count as 0 in the mean', () => {
    expect(movingAverage([0, 4, 0, 0, 8], 4)).toEqual([null, null, null, 1, 3]);
  });

  it('a series shorter than the window has no moving-average point and no forecast', () => {
    const average = movingAverage([5, 5], 4);
    expect(average).toEqual([null, null]);
    expect(forecast(average)).toEqual([]);
  });
});

describe('trends (part 3 §9): linear trend over the last 10 moving-average points, 4 periods forecast, never below 0', () => {
  it('least squares through hand-computed points: [2, 4, 6] is y = 2 + 2x; [1, 3, 2] is y = 1.5 + 0.5x', () => {
    expect(linearFit([2, 4, 6])).toEqual({ slope: 2, intercept: 2 });
    expect(linearFit([1, 3, 2])).toEqual({ slope: 0.5, intercept: 1.5 });
    expect(linearFit([7])).toEqual({ slope: 0, intercept: 7 });
    expect(linearFit([])).toBeNull();
  });

  it('forecasts the 4 periods after the last point, skipping the leading nulls', () => {
    expect(forecast([null, 2, 4, 6])).toEqual([8, 10, 12, 14]);
    expect(forecast([null, null, 1, 3, 2])).toEqual([3, 3.5, 4, 4.5]);
  });

  it('fits only the last 10 points: an old outlier does not bend the line', () => {
    expect(forecast([100, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9])).toEqual([10, 11, 12, 13]);
  });

  it('a falling trend stops at 0', () => {
    expect(forecast([9, 6, 3])).toEqual([0, 0, 0, 0]);
    expect(forecast([10, 8, 6])).toEqual([4, 2, 0, 0]);
  });
});
