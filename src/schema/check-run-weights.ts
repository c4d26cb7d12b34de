import { EndstateError } from '../core/index.js';
import type { Problem } from '../core/index.js';

/**
 * Refuses task weights that no suite mean can use: each must be a finite
 * number above 0. The task format already refuses them in a task file;
 * this catches a run record or suite built in code, before a scorecard
 * would print pass^k beside a blank headline. Throws `E_TASK_INVALID`
 * listing every bad weight at once, each at `suite.weights.<task id>`.
 *
 * `action` says what was refused, e.g. `build the scorecard of run run-1`.
 */
export function checkRunWeights(
  weights: Readonly<Record<string, unknown>> | undefined,
  action: string,
): void {
  const problems: Problem[] = Object.entries(weights ?? {}).flatMap(([taskId, weight]) =>
    typeof weight === 'number' && Number.isFinite(weight) && weight > 0
      ? []
      : [
          {
            message: `task ${taskId} weighs ${describe(weight)}; a task's weight must be a finite number above 0`,
            path: `suite.weights.${taskId}`,
          },
        ],
  );
  if (problems.length === 0) return;
  throw new EndstateError('E_TASK_INVALID', `cannot ${action}: a task weight is not usable:`, {
    problems,
    hint: 'Give each task a `weight` above 0 in its task file, or leave it out to weigh 1; a run record or suite built in code must hold the same (or no `suite.weights` at all).',
  });
}

const describe = (value: unknown): string =>
  typeof value === 'string' ? JSON.stringify(value) : String(value);
