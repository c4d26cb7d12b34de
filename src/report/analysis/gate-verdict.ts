/** A `--fail-under` gate checked against a scorecard (NaN value: the metric is not available). */
export interface GateVerdict {
  readonly metric: string;
  readonly threshold: number;
  readonly value: number;
  readonly pass: boolean;
}
