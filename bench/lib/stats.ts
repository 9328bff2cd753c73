/** Summary of repeated measurements: median, p95, min and max of the raw values. */
export interface Summary {
  median: number;
  p95: number;
  min: number;
  max: number;
  n: number;
}

/** The q-quantile (0..1) of `values` by nearest rank; NaN for an empty list. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  if (q === 0.5 && sorted.length % 2 === 0) return (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** Median, p95, min, max of `values`. */
export function summarize(values: readonly number[]): Summary {
  return {
    median: quantile(values, 0.5),
    p95: quantile(values, 0.95),
    min: values.length ? Math.min(...values) : Number.NaN,
    max: values.length ? Math.max(...values) : Number.NaN,
    n: values.length,
  };
}
