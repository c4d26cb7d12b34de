import type { Problem } from '../core/index.js';
import { applyInit } from '../environment/index.js';
import type { Environment } from '../environment/index.js';
import type { FrozenState } from '../state/index.js';
import type { Task } from './task.js';

/**
 * Each task with the s0 it starts from: its fixture brought in line by the
 * environment's sync hook and set up by its `init` steps (see applyInit).
 * Tasks of an environment without a sync hook and without `init` keep
 * their fixture as it is. A step that fails is a problem naming the task
 * file and `init[i]`.
 */
export async function prepareInitialStates(
  tasks: readonly Task[],
  environment: Environment,
): Promise<{ tasks: Task[]; problems: Problem[] }> {
  const problems: Problem[] = [];
  const prepared: Task[] = [];
  // Tasks without init share their fixture: sync it once.
  const synced = new Map<FrozenState, Promise<Awaited<ReturnType<typeof applyInit>>>>();
  for (const task of tasks) {
    const steps = task.spec.init ?? [];
    if (steps.length === 0 && environment.sync === undefined) {
      prepared.push(task);
      continue;
    }
    let pending = steps.length === 0 ? synced.get(task.initialState) : undefined;
    if (pending === undefined) {
      pending = applyInit(environment, task.initialState, steps, task.spec.clock);
      if (steps.length === 0) synced.set(task.initialState, pending);
    }
    const result = await pending;
    if (result.type === 'ready') {
      prepared.push({ ...task, initialState: result.state });
      continue;
    }
    problems.push({
      file: task.file,
      path: result.index === null ? 'init' : `init[${result.index}]`,
      message:
        result.index === null
          ? `the environment's sync hook failed on the task's fixture: ${result.message}`
          : `could not set up s0: ${result.message}`,
    });
  }
  return { tasks: prepared, problems };
}
