import type { Check } from '../schema/index.js';

export interface GraderErrorOptions extends ErrorOptions {
  /** The task-file place of the check that could not be computed, e.g. `expect.assert[0]`. */
  readonly checkId?: string;
  /** The grader's checks so far, the failed one included with its message and evidence. */
  readonly checks?: readonly Check[];
}

/**
 * Thrown when a grader lacks what it needs (a missing expected value, an
 * assertion that does not evaluate or does not yield a boolean). The trial
 * becomes a grader_failure, never a silent score of 0.
 */
export class GraderError extends Error {
  override readonly name = 'GraderError';
  readonly checkId: string | undefined;
  readonly checks: readonly Check[];

  constructor(message: string, options: GraderErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.checkId = options.checkId;
    this.checks = options.checks ?? [];
  }
}
