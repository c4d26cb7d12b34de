import type { Environment } from '../environment/index.js';
import { TaskFileSchema } from '../schema/index.js';
import { freezeState } from '../state/index.js';
import type { StateSnapshot } from '../state/index.js';
import type { Task } from '../task/index.js';

/**
 * A task from a plain object in the task-file format, for tests. Defaults
 * fill `revision`, `environment` and `clock`; `fixture` may be a state.
 *
 * @example
 * const task = buildTask(environment, { id: 't1', user: { instruction: 'Hi' } });
 */
export function buildTask(
  environment: Environment,
  spec: Record<string, unknown>,
  fixture?: StateSnapshot,
): Task {
  const parsed = TaskFileSchema.parse({
    revision: 1,
    environment: environment.name,
    clock: '2026-10-05T09:00:00Z',
    ...spec,
  });
  return {
    id: parsed.id,
    file: `tasks/${parsed.id}.yaml`,
    spec: parsed,
    initialState: fixture === undefined ? environment.fixture : freezeState(fixture),
  };
}
