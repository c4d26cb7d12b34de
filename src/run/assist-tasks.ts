import type { SystemSpec } from '../schema/index.js';
import type { Task } from '../task/index.js';

/**
 * The tasks whose user can help the agent: a script rule marked as a hint
 * or taking over a step, or a scenario when a model plays the users (it may
 * mark a reply as a hint). The run records them so that its report shows
 * unassisted success beside success even when no trial was helped.
 */
export function assistTasks(
  tasks: readonly Task[],
  users: SystemSpec['user'] | undefined,
): string[] {
  const modelPlays = users?.kind === 'llm';
  return tasks
    .filter(
      (task) =>
        (modelPlays && task.spec.user.scenario !== undefined) ||
        task.spec.user.script.some(
          (rule) => 'take_over' in rule || ('assist' in rule && rule.assist === 'hint'),
        ),
    )
    .map((task) => task.id);
}
