/**
 * Thrown when a grader lacks what it needs (a missing expected value, an
 * assertion that does not yield a boolean). The trial becomes a
 * grader_failure, never a silent score of 0.
 */
export class GraderError extends Error {
  override readonly name = 'GraderError';
}
