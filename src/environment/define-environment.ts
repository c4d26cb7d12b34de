import { EndstateError } from '../core/index.js';
import type { Problem } from '../core/index.js';
import { BUILT_IN_GRADERS } from '../grade/index.js';
import type { Grader } from '../grade/index.js';
import { freezeState } from '../state/index.js';
import type { FrozenState, StateSnapshot } from '../state/index.js';
import type { ToolDefinition, ToolDescriptor } from './define-tool.js';
import { describeTool } from './define-tool.js';
import { buildVersions, checkVersions } from './environment-version.js';
import type { EnvironmentVersion, EnvironmentVersionSpec } from './environment-version.js';
import { buildUserSide, toolMap } from './user-side.js';
import type { SyncHook, UserSide, UserSideSpec } from './user-side.js';

/**
 * What an author writes to declare an environment: the domain's data (s0),
 * the tools the agent may call, the policy it is given and, optionally,
 * graders of its own. Passed to `defineEnvironment`.
 */
export interface EnvironmentSpec {
  /**
   * The environment's name: letters, digits, `_` or `-`. Tasks name it in
   * their `environment:` field.
   */
  readonly name: string;
  /** Your version of the environment, recorded with every run (bump it when tools or s0 change). */
  readonly version: string;
  /** The rules the agent must follow, in plain words; the agent is shown them. */
  readonly policy: string;
  /**
   * s0, the state every trial starts from: collection → id → record, all
   * JSON. Declare every collection tools will write, empty ones as `{}`. A
   * task's `fixture:` file replaces it for that task.
   */
  readonly fixture: StateSnapshot;
  /**
   * The tools the agent may call, each made with `defineTool`; names
   * must be unique.
   */
  // Tools differ in their input types; the dispatcher validates before calling.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly tools: readonly ToolDefinition<any>[];
  /**
   * The environment's own graders (`defineGrader`), run on each of its
   * tasks after endstate's built-in ones; each grade is recorded under the
   * grader's id and enters success by its declared role.
   */
  readonly graders?: readonly Grader[];
  /**
   * Later versions of the environment, by name, that a sequence of episodes
   * can move to (drift): each may change the policy, replace or add tools,
   * and upsert records into the state the sequence carries. The base
   * version is `version`. See docs/task-format.md, "Sequences".
   */
  readonly versions?: Readonly<Record<string, EnvironmentVersionSpec>>;
  /**
   * The user's own side of the world (dual control): collections of their
   * own and the tools the simulated user calls on them; the agent never
   * sees these tools. See docs/task-format.md, "Two sides of the world".
   */
  readonly user?: UserSideSpec;
  /**
   * Tools only a task's `init` may call on the agent's side, shown to
   * nobody (suspending a line before the conversation, say).
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly setup?: readonly ToolDefinition<any>[];
  /**
   * Brings one side in line with the other after every tool call that ran
   * and after each `init` step (see `SyncHook`).
   */
  readonly sync?: SyncHook;
}

/**
 * A domain the agent acts in, ready to run trials against: what
 * `defineEnvironment` returns and a suite's `environment.ts`
 * default-exports.
 */
export interface Environment {
  /** Marks the value as an environment (how a suite's module is recognised). */
  readonly kind: 'endstate-environment';
  /** As declared in `EnvironmentSpec.name`. */
  readonly name: string;
  /** As declared in `EnvironmentSpec.version`. */
  readonly version: string;
  /** As declared in `EnvironmentSpec.policy`. */
  readonly policy: string;
  /** s0, deep-frozen, with its state hash. */
  readonly fixture: FrozenState;
  /** The tools by name. */
  readonly tools: ReadonlyMap<string, ToolDefinition>;
  /** The tools as the agent sees them, JSON Schema inputs included. */
  readonly descriptors: readonly ToolDescriptor[];
  /** The environment's own graders (none when it declared none). */
  readonly graders: readonly Grader[];
  /** The declared later versions by name (absent or empty when there are none). */
  readonly versions?: ReadonlyMap<string, EnvironmentVersion>;
  /** The user's side (absent when the environment has none); its collections are in `fixture`. */
  readonly user?: UserSide;
  /** Tools only `init` may call on the agent's side (absent when none are declared). */
  readonly setup?: ReadonlyMap<string, ToolDefinition>;
  /** As declared in `EnvironmentSpec.sync`. */
  readonly sync?: SyncHook;
}

/**
 * Declares an environment: its s0, its tools and the policy the agent is
 * given. A suite's `environment.ts` default-exports the result.
 *
 * @param spec - the environment's name, version, policy, fixture, tools and optional graders
 * @returns the environment, with s0 frozen and hashed and each tool's JSON Schema built
 * @throws EndstateError `E_ENVIRONMENT_INVALID` listing every problem at once: a bad name, a
 *   tool defined twice, a fixture collection that is not an object of records, a grader id
 *   that is taken, a version that is badly named, defines a tool twice or upserts into an
 *   unknown collection, a user-side collection or tool name that the agent's side also has
 * @example
 * export default defineEnvironment({
 *   name: 'support',
 *   version: '1.0.0',
 *   policy: 'Refund only delivered orders, after the customer confirms.',
 *   fixture: { orders: { '8842': { status: 'delivered', total_cents: 4299 } }, refunds: {} },
 *   tools: [getOrder, processRefund],
 * });
 */
export function defineEnvironment(spec: EnvironmentSpec): Environment {
  const problems: Problem[] = [];
  if (!/^[a-z0-9][a-z0-9_-]*$/i.test(spec.name)) {
    problems.push({ path: 'name', message: `"${spec.name}" must be letters, digits, _ or -` });
  }
  const tools = toolMap(spec.tools, 'tools', new Set(), problems);
  for (const [collection, records] of Object.entries(spec.fixture)) {
    if (typeof records !== 'object' || records === null || Array.isArray(records)) {
      problems.push({
        path: `fixture.${collection}`,
        message: 'must be an object of records keyed by id',
      });
    }
  }
  const builtIn = new Set(BUILT_IN_GRADERS.map((grader) => grader.id));
  const graderIds = new Set<string>();
  for (const grader of spec.graders ?? []) {
    if (builtIn.has(grader.id) || graderIds.has(grader.id)) {
      problems.push({
        path: 'graders',
        message: `grader id "${grader.id}" is ${builtIn.has(grader.id) ? "a built-in grader's" : 'used twice'}: give it an id of its own`,
      });
    }
    graderIds.add(grader.id);
  }
  // A version may upsert records on either side.
  const fixture =
    spec.user === undefined ? spec.fixture : { ...spec.fixture, ...spec.user.fixture };
  problems.push(...checkVersions(spec.versions ?? {}, { version: spec.version, fixture }));
  const user =
    spec.user === undefined
      ? undefined
      : buildUserSide(spec.user, spec.fixture, new Set(tools.keys()), problems);
  const setup =
    spec.setup === undefined
      ? undefined
      : toolMap(
          spec.setup,
          'setup',
          new Set([...tools.keys(), ...(user?.tools.keys() ?? []), ...(user?.setup.keys() ?? [])]),
          problems,
        );
  if (problems.length > 0) {
    throw new EndstateError('E_ENVIRONMENT_INVALID', `environment "${spec.name}" is not valid`, {
      problems,
    });
  }
  return {
    kind: 'endstate-environment',
    name: spec.name,
    version: spec.version,
    policy: spec.policy,
    // Both sides in one state: reset, diff, hash and assertions see them alike, and an
    // environment without a user side keeps the hash it always had.
    fixture: freezeState(fixture),
    tools,
    descriptors: [...tools.values()].map(describeTool),
    graders: spec.graders ?? [],
    ...(spec.versions === undefined ? {} : { versions: buildVersions(spec.versions) }),
    ...(user === undefined ? {} : { user }),
    ...(setup === undefined ? {} : { setup }),
    ...(spec.sync === undefined ? {} : { sync: spec.sync }),
  };
}

export function isEnvironment(value: unknown): value is Environment {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { kind?: unknown }).kind === 'endstate-environment'
  );
}
