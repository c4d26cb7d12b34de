import { studentTQuantile } from './student-t-quantile.js';

/**
 * The lower-tail normal quantile of a two-sided interval at `confidence`,
 * expanded for m clusters to √(m/(m−1))·t_{m−1} (Hesterberg's expanded
 * percentile interval, The American Statistician 2015): bootstrap
 * intervals over few tasks are too narrow without it. Negative; its
 * mirror is the upper tail. Needs m ≥ 2.
 *
 * @example expandedZ(0.95, 10) // −√(10/9)·t_9(0.025) ≈ −2.3845
 */
export function expandedZ(confidence: number, clusters: number): number {
  return (
    Math.sqrt(clusters / (clusters - 1)) * studentTQuantile((1 - confidence) / 2, clusters - 1)
  );
}
