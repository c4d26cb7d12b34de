import type { Problem } from '../core/index.js';
import type { StateSnapshot, WorkingState } from '../state/index.js';
import type { ToolDefinition, ToolDescriptor } from './define-tool.js';
import { describeTool } from './define-tool.js';

/**
 * Whose tools a call uses: the agent's (the environment's `tools`) or the
 * user's own (`user.tools`, acting on the user's side of the world).
 */
export type ToolSide = 'agent' | 'user';

/**
 * The user's side of the world (dual control): collections of their own (a
 * phone's settings, say) and the tools the user acts on them with. The
 * agent never sees these tools; the simulated user calls them.
 *
 * @example
 * user: {
 *   fixture: { device: { phone: { airplane_mode: true, mobile_data: true } } },
 *   tools: [toggleAirplaneMode, checkStatusBar],
 * }
 */
export interface UserSideSpec {
  /**
   * The user side's collections in s0: collection → id → record, beside
   * the environment's `fixture` (a name may not be in both). Assertions
   * and diffs see them as any collection (`sT_by_id.device["phone"]`).
   */
  readonly fixture: StateSnapshot;
  /** The tools the user may call, each made with `defineTool`; names unique across both sides. */
  // Tools differ in their input types; the dispatcher validates before calling.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly tools: readonly ToolDefinition<any>[];
  /**
   * Tools only a task's `init` may call on this side, shown to nobody
   * (setting up a broken device, say).
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly setup?: readonly ToolDefinition<any>[];
}

/** The user's side of an environment, once checked. */
export interface UserSide {
  /** The user side's collections, sorted. */
  readonly collections: readonly string[];
  /** The user's tools by name. */
  readonly tools: ReadonlyMap<string, ToolDefinition>;
  /** The user's tools as the simulated user is shown them. */
  readonly descriptors: readonly ToolDescriptor[];
  /** Tools only `init` may call on the user's side, by name. */
  readonly setup: ReadonlyMap<string, ToolDefinition>;
}

/**
 * What the sync hook receives: the whole state, both sides, and nothing
 * else (no clock, random numbers or outbox), so the hook is a function of
 * the state alone and brings the same state in line the same way at load
 * time (`init`) and in every trial.
 */
export interface SyncContext {
  /** The trial's working state (or, at load time, the task's s0 being set up): read and change either side. */
  readonly state: WorkingState;
}

/**
 * Brings one side in line with the other after every tool call that ran
 * (the agent's or the user's) and after each `init` step: a line's roaming
 * flag on the agent side turns roaming on on the device, say. It must be
 * synchronous and deterministic; a throw ends the trial as a `tool_crash`.
 */
export type SyncHook = (context: SyncContext) => void;

/** Tools by name, with a problem for each name defined twice or already taken. */
export function toolMap(
  // Tools differ in their input types; the dispatcher validates before calling.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  tools: readonly ToolDefinition<any>[],
  path: string,
  taken: ReadonlySet<string>,
  problems: Problem[],
): Map<string, ToolDefinition> {
  const map = new Map<string, ToolDefinition>();
  for (const tool of tools) {
    if (map.has(tool.name))
      problems.push({ path, message: `tool "${tool.name}" is defined twice` });
    else if (taken.has(tool.name))
      problems.push({
        path,
        message: `tool "${tool.name}" is already defined (names are unique across tools, setup, user.tools and user.setup)`,
      });
    map.set(tool.name, tool as ToolDefinition);
  }
  return map;
}

/**
 * The user side checked against the agent's: its collections must not be
 * the agent side's, its tool names not the agent's tools' (a name says
 * which side a call is on, in the record and in an importer's mapping).
 */
export function buildUserSide(
  spec: UserSideSpec,
  agentFixture: StateSnapshot,
  agentToolNames: ReadonlySet<string>,
  problems: Problem[],
): UserSide {
  for (const [collection, records] of Object.entries(spec.fixture)) {
    if (typeof records !== 'object' || records === null || Array.isArray(records)) {
      problems.push({
        path: `user.fixture.${collection}`,
        message: 'must be an object of records keyed by id',
      });
    } else if (Object.hasOwn(agentFixture, collection)) {
      problems.push({
        path: `user.fixture.${collection}`,
        message: `collection "${collection}" is also in the agent's fixture: give each side collections of its own`,
      });
    }
  }
  const tools = toolMap(spec.tools, 'user.tools', agentToolNames, problems);
  const setup = toolMap(
    spec.setup ?? [],
    'user.setup',
    new Set([...agentToolNames, ...tools.keys()]),
    problems,
  );
  return {
    collections: Object.keys(spec.fixture).sort(),
    tools,
    descriptors: [...tools.values()].map(describeTool),
    setup,
  };
}
