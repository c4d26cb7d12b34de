import type { TaskFile } from '../schema/index.js';
import type { FrozenState } from '../state/index.js';

/** A task as loaded from a suite: its file's content plus the resolved s0. */
export interface Task {
  readonly id: string;
  /** Path of the task file relative to the suite folder. */
  readonly file: string;
  readonly spec: TaskFile;
  readonly initialState: FrozenState;
}

/**
 * What the agent may see of a task: never expect, reference, known_bad or a
 * hidden goal, except by design in a diagnosis mode (`no-user` shows what
 * the user would reveal, hidden goal included; `oracle-plan` shows the
 * reference path as `plan`).
 */
export interface PublicTaskView {
  readonly task_id: string;
  readonly environment: string;
  readonly policy: string;
  /** The user's first message. */
  readonly instruction: string;
  /** The environment's frozen "now", ISO 8601. */
  readonly now: string;
  /**
   * `interactive`: the user answers the agent's messages; `single-turn`:
   * nobody answers, so the agent's first text-only reply is its final answer.
   */
  readonly conversation: 'interactive' | 'single-turn';
  /**
   * Only in an `oracle-plan` diagnosis run: the task's reference path as
   * numbered steps in words. The same text is appended to `policy`, so
   * agents that read only the policy get it too.
   */
  readonly plan?: string;
}
