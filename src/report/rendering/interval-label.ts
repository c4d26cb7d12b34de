/**
 * What a rate's 95% interval estimates, as a report names it: the rate of
 * the tasks the suite stands for, or, when it rests on one task, that
 * task's own rate (a suite's rate cannot be told from one task).
 */
export function intervalLabel(method: string): string {
  return method === 'wilson-single-task' ? "95% CI of this task's rate" : '95% CI';
}

/** The note beside a one-task interval; null for a suite's. */
export function intervalNote(method: string): string | null {
  return method === 'wilson-single-task'
    ? "one task: the interval is that task's rate over its trials; the suite's rate is not identifiable"
    : null;
}
