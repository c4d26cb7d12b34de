import { createRng, frozenClock } from '../core/index.js';
import type { JsonValue } from '../core/index.js';
import { createWorkingState, freezeState } from '../state/index.js';
import type { FrozenState } from '../state/index.js';
import type { Environment } from './define-environment.js';
import type { PastCall, ToolDefinition } from './define-tool.js';
import { createOutbox } from './outbox.js';
import { describeThrown } from './tool-crash-error.js';
import { isToolFailure } from './tool-error.js';
import type { ToolSide } from './user-side.js';

/** One step of a task's `init`: a tool of one side, called before the conversation. */
export interface InitStep {
  readonly side: ToolSide;
  readonly tool: string;
  readonly args: JsonValue;
}

/** The s0 a task starts from, or the step that could not be applied and why. */
export type InitResult =
  | { readonly type: 'ready'; readonly state: FrozenState }
  | {
      readonly type: 'failed';
      /** The step that failed; null when the sync hook failed on the fixture, before any step. */
      readonly index: number | null;
      readonly message: string;
    };

/**
 * The tool an `init` step may call on its side: one of that side's tools,
 * or one of its setup tools (shown to nobody).
 */
export function initTool(
  environment: Environment,
  side: ToolSide,
  name: string,
): ToolDefinition | undefined {
  return side === 'user'
    ? (environment.user?.tools.get(name) ?? environment.user?.setup.get(name))
    : (environment.tools.get(name) ?? environment.setup?.get(name));
}

/** The names an `init` step may call on a side, for an error message. */
export function initToolNames(environment: Environment, side: ToolSide): string[] {
  const { user, tools, setup } = environment;
  return side === 'user'
    ? [...(user?.tools.keys() ?? []), ...(user?.setup.keys() ?? [])]
    : [...tools.keys(), ...(setup?.keys() ?? [])];
}

/**
 * A task's s0: the fixture brought in line by the sync hook, then each
 * `init` step run on its side (and followed by the sync hook), frozen. The
 * steps run at load time, outside any trial and with no events, so the
 * trial starts from the state they leave, and its diff shows only what
 * happened in the conversation. With no steps and no sync hook the fixture
 * is s0 as it is.
 *
 * @param clock - the task's frozen "now", which the tools see
 */
export async function applyInit(
  environment: Environment,
  fixture: FrozenState,
  steps: readonly InitStep[],
  clock: string,
): Promise<InitResult> {
  if (steps.length === 0 && environment.sync === undefined)
    return { type: 'ready', state: fixture };
  const state = createWorkingState(fixture);
  const frozenNow = frozenClock(clock);
  const calls: PastCall[] = [];
  const context = {
    state,
    clock: frozenNow,
    rng: createRng(0),
    outbox: createOutbox(state, frozenNow),
    calls,
  };
  const sync = (index: number | null): InitResult | undefined => {
    try {
      environment.sync?.({ state });
      return undefined;
    } catch (error) {
      return { type: 'failed', index, message: `the sync hook failed: ${describeThrown(error)}` };
    }
  };
  const synced = sync(null);
  if (synced !== undefined) return synced;
  for (const [index, step] of steps.entries()) {
    const failed = (message: string): InitResult => ({ type: 'failed', index, message });
    const tool = initTool(environment, step.side, step.tool);
    if (tool === undefined) return failed(`there is no ${step.side}-side tool "${step.tool}"`);
    const parsed = tool.input.safeParse(step.args);
    if (!parsed.success) return failed(`arguments do not fit ${step.tool}'s input`);
    let output: unknown;
    try {
      output = await tool.run(parsed.data, context);
    } catch (error) {
      return failed(`${step.tool} threw: ${describeThrown(error)}`);
    }
    if (isToolFailure(output))
      return failed(`${step.tool} answered an error: ${output.code}: ${output.message}`);
    calls.push({ tool: step.tool, args: step.args, ok: true });
    const after = sync(index);
    if (after !== undefined) return after;
  }
  return { type: 'ready', state: freezeState(state.snapshot()) };
}
