import { hashJson } from '../core/index.js';
import type { Step, TrajectoryFile } from '../schema/index.js';
import type { Agent } from './agent.js';
import { runSteps } from './run-steps.js';

export interface ReplayAgentOptions {
  /** The agent's name in the system spec (default: replay). */
  readonly name?: string;
  /**
   * The file the trajectories were read from, as given (recorded in the
   * system spec so a stored run can rebuild its agent from it).
   */
  readonly file?: string;
}

/**
 * Replays recorded steps per task id (regression and grader tests). Tasks
 * missing from the trajectories end with no action and no answer.
 */
export function createReplayAgent(
  trajectories: TrajectoryFile,
  options: ReplayAgentOptions | string = {},
): Agent {
  const { name = 'replay', file } = typeof options === 'string' ? { name: options } : options;
  return {
    spec: {
      kind: 'replay',
      name,
      version: '1',
      options: {
        trajectories_hash: hashJson(trajectories),
        ...(file === undefined ? {} : { trajectory_file: file }),
      },
    },
    readsReference: false,
    run: (session) => {
      const id = session.task.task_id;
      // Own keys only: a task id such as "constructor" must not find Object.prototype's.
      return runSteps(session, Object.hasOwn(trajectories, id) ? (trajectories[id] ?? []) : []);
    },
  };
}

/** Plays one fixed path whatever the task (known-bad paths in `validate`). */
export function createPathAgent(name: string, steps: readonly Step[]): Agent {
  return {
    spec: { kind: 'path', name, version: '1', options: {} },
    readsReference: false,
    run: (session) => runSteps(session, steps),
  };
}
