import type { ToolCallResult } from '../../environment/index.js';
import { replayCalls } from '../../environment/index.js';
import type { TaskFile } from '../../schema/index.js';
import { TaskFileSchema } from '../../schema/index.js';
import { changesFromDiff } from '../changes-from-diff.js';
import { knownBadPaths } from './known-bad.js';
import { CONSENT_QUESTION, referencePath } from './reference-path.js';
import type { TaubenchDomain } from './taubench-domain.js';
import type { TaubenchSplit, TaubenchTask } from './taubench-task.js';
import { taubenchTaskId } from './taubench-task.js';

/**
 * tau-bench's tools read no clock (airline's bookings carry a fixed
 * `created_at`); any fixed time keeps trials reproducible.
 */
const CLOCK = '2024-06-01T12:00:00Z';

/**
 * The user the gold path serves: the one its last successful lookup found
 * (one test task names another user than its instruction and gold actions),
 * else the task's `user_id`.
 */
function servedUser(
  task: TaubenchTask,
  results: readonly ToolCallResult[],
  authenticationTools: readonly string[],
): string {
  let found = task.user_id;
  task.actions.forEach((action, index) => {
    const result = results[index];
    const isLookup = authenticationTools.includes(action.name);
    if (isLookup && result?.ok === true && typeof result.result === 'string') found = result.result;
  });
  return found;
}

export interface ConvertedTask {
  /** What goes into the task file (defaults left out). */
  readonly file: Record<string, unknown>;
  /** The same, as the loader will read it. */
  readonly task: TaskFile;
}

export interface ConvertOptions {
  readonly domain: TaubenchDomain;
  readonly split: TaubenchSplit;
  readonly index: number;
  /** Known-bad paths to generate at most. */
  readonly knownBadLimit: number;
}

/**
 * One tau-bench task as an endstate task: the instruction becomes the
 * simulated user's hidden goal, the gold actions the reference path, the
 * outputs the facts to communicate, and the expected outcome the whole
 * diff of replaying the gold actions on s0. Adds the constraints tau-bench
 * leaves out: a user lookup before any write (where the domain has lookup
 * tools), consent before each write, no read or write of another user's
 * records (the dispatcher refuses them).
 */
export async function convertTask(
  task: TaubenchTask,
  options: ConvertOptions,
): Promise<ConvertedTask> {
  const { domain } = options;
  const { environment } = domain;
  const gold = await replayCalls(
    environment,
    environment.fixture,
    task.actions.map((action) => ({ tool: action.name, args: action.kwargs })),
    { clock: CLOCK },
  );
  const succeeded = gold.results.map((result) => result.ok);
  const owner = servedUser(task, gold.results, domain.authenticationTools);
  const user = environment.fixture.snapshot.users?.[owner];
  // The email serves a lookup step before the first write, where the domain has lookup tools.
  const email =
    domain.authenticationTools.length > 0 && typeof user?.email === 'string'
      ? user.email
      : undefined;
  const writeTools = [...environment.tools.values()]
    .filter((tool) => tool.effect !== 'read')
    .map((tool) => tool.name);
  const writes = task.actions.filter(
    (action, index) => succeeded[index] === true && writeTools.includes(action.name),
  );

  const spec = {
    id: taubenchTaskId(options.split, options.index),
    revision: 1,
    description:
      `tau-bench ${domain.name} ${options.split} task ${options.index} (user ${owner}), imported from the gold actions.` +
      (owner === task.user_id
        ? ''
        : ` tau-bench lists user ${task.user_id}, but the gold actions look up and serve ${owner}.`),
    labels: {
      source: `taubench-${domain.name}`,
      split: options.split,
      family: writes[0]?.name ?? 'no-change',
      writes: String(writes.length),
    },
    environment: environment.name,
    clock: CLOCK,
    user: {
      instruction: domain.opening,
      script: [{ when: CONSENT_QUESTION.replace('?', '\\?'), say: 'Yes, please go ahead.' }],
      default: 'Thank you.',
      scenario: { hidden_goal: task.instruction, knows: { user_id: owner } },
    },
    limits: { max_steps: 30, timeout_s: 600 },
    expect: {
      changes: changesFromDiff(gold.state.diff()),
      unchanged: 'everything-else',
      communicate: task.outputs,
      communicate_match: 'substring',
    },
    constraints: [
      ...(domain.authenticationTools.length > 0
        ? [{ before: { tool: writeTools, require: [...domain.authenticationTools] } }]
        : []),
      { consent: 'write' },
      { scope: { owner } },
    ],
    reference: referencePath(task, { environment, email }),
    known_bad: await knownBadPaths(task, {
      environment,
      email,
      goldHash: gold.state.hash(),
      succeeded,
      limit: options.knownBadLimit,
      perturb: domain.perturb,
    }),
  };
  return { file: spec, task: TaskFileSchema.parse(spec) };
}
