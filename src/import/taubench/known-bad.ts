import type { Environment } from '../../environment/index.js';
import { replayCalls } from '../../environment/index.js';
import type { KnownBad } from '../../schema/index.js';
import type { Perturb } from './perturbation.js';
import { referencePath } from './reference-path.js';
import type { TaubenchTask } from './taubench-task.js';

export interface KnownBadOptions {
  readonly environment: Environment;
  readonly email: string | undefined;
  /** The gold end state's hash: a known-bad path must end elsewhere. */
  readonly goldHash: string;
  /** Gold actions that went through. */
  readonly succeeded: readonly boolean[];
  readonly limit: number;
  /** The domain's wrong versions of a gold write. */
  readonly perturb: Perturb;
}

/**
 * Known-bad paths for a task: the reference path with one argument of one
 * successful gold write perturbed so that the call still succeeds but the
 * end state differs from the gold one. At most one per write, `limit` in all.
 */
export async function knownBadPaths(
  task: TaubenchTask,
  options: KnownBadOptions,
): Promise<KnownBad[]> {
  const { environment } = options;
  const calls = task.actions.map((action) => ({ tool: action.name, args: action.kwargs }));
  const paths: KnownBad[] = [];
  for (const [index, action] of task.actions.entries()) {
    if (paths.length >= options.limit) break;
    if (
      !options.succeeded[index] ||
      (environment.tools.get(action.name)?.effect ?? 'read') === 'read'
    )
      continue;
    const before = await replayCalls(environment, environment.fixture, calls.slice(0, index));
    for (const candidate of options.perturb(action.name, action.kwargs, before.state)) {
      const replayed = await replayCalls(
        environment,
        environment.fixture,
        calls.map((call, position) =>
          position === index ? { ...call, args: candidate.args } : call,
        ),
      );
      if (replayed.results[index]?.ok !== true || replayed.state.hash() === options.goldHash)
        continue;
      paths.push({
        name: `${candidate.name}-${index + 1}`,
        fails: 'expect',
        actions: referencePath(task, {
          environment,
          email: options.email,
          override: { index, args: candidate.args },
        }),
      });
      break;
    }
  }
  return paths;
}
