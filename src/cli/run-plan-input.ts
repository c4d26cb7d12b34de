import { EndstateError } from '../core/index.js';
import { parseModelRef, withEndpoint } from '../model/index.js';
import type { DecodingSettings } from '../model/index.js';
import type { RunPlanContext, RunPlanInput } from '../run/index.js';
import type { SystemSpec } from '../schema/index.js';
import type { RunFaults } from '../trial/index.js';
import { USER_PROMPT_VERSION } from '../user/index.js';
import type { UsersSpec } from '../user/index.js';
import { hasSandboxFlags } from './agent-sandbox.js';
import type { HiddenPaths } from './agent-sandbox.js';
import type { RunFlags } from './run-command.js';
import { DEFAULT_SLIP, agentSpecOfFlags } from './select-agent.js';

/** What the flags alone do not say: the resumed run's system, the folders an agent must not see, the faults file read. */
export interface RunFlagsContext {
  /** The system spec of the run `--resume` goes on with. */
  readonly stored: SystemSpec | undefined;
  readonly hidden: HiddenPaths;
  /** `--faults FILE`, read. */
  readonly faults: RunFaults | undefined;
  readonly context: RunPlanContext;
  /** The environment each model's base URL is resolved from (`OPENAI_BASE_URL`, `ANTHROPIC_BASE_URL`). */
  readonly env: Readonly<Record<string, string | undefined>>;
}

/**
 * The plan input the flags of `endstate run` ask for. On --resume the run
 * keeps its own tasks, trials, seed, reruns and faults, and its agent,
 * users, judge and mode unless flags name others.
 */
export function runPlanInputOf(flags: RunFlags, given: RunFlagsContext): RunPlanInput {
  const { stored } = given;
  const user = userOf(flags, given.env);
  if (flags.mode === 'no-user' && user !== undefined) {
    throw new EndstateError(
      'E_USAGE',
      '--mode no-user plays without a simulated user, so --user-model has nothing to play',
      {
        hint: 'Leave out --user-model (the opening holds the scenario), or use --mode dialogue or oracle-plan.',
      },
    );
  }
  return {
    ...(stored !== undefined && !hasAgentFlags(flags)
      ? {}
      : {
          agent: agentSpecOfFlags({
            ...agentChoiceOf(flags, stored, given.hidden),
            env: given.env,
          }),
        }),
    ...(user === undefined ? {} : { user }),
    ...(flags.judge === undefined
      ? {}
      : { judge: withEndpoint(parseModelRef(flags.judge, '--judge'), given.env, '--judge') }),
    ...(flags.mode === undefined ? {} : { mode: flags.mode }),
    concurrency: flags.concurrency,
    ...(stored === undefined ? newRunSettings(flags, given.faults) : {}),
    context: given.context,
  };
}

/** What a new run takes from the flags and a resumed one keeps of its own. */
function newRunSettings(flags: RunFlags, faults: RunFaults | undefined): RunPlanInput {
  return {
    trials: flags.trials,
    seed: flags.seed,
    maxReruns: flags.maxReruns,
    ...(flags.tasks === undefined ? {} : { tasks: flags.tasks }),
    ...(faults === undefined ? {} : { faults }),
  };
}

function agentChoiceOf(flags: RunFlags, stored: SystemSpec | undefined, hidden: HiddenPaths) {
  return {
    kind: flags.agent ?? stored?.agent.kind ?? 'oracle',
    slip: flags.slip ?? DEFAULT_SLIP,
    trajectory: flags.trajectory,
    model: flags.model,
    systemPrompt: flags.systemPrompt,
    decoding: decodingOf(flags),
    parallelToolCalls: flags.parallelToolCalls === true,
    command: flags.command,
    sandbox: flags,
    hidden,
  };
}

function decodingOf(flags: RunFlags): DecodingSettings {
  return {
    ...(flags.temperature !== undefined ? { temperature: flags.temperature } : {}),
    ...(flags.topP !== undefined ? { top_p: flags.topP } : {}),
    ...(flags.maxOutputTokens !== undefined ? { max_output_tokens: flags.maxOutputTokens } : {}),
    ...(flags.modelSeed !== undefined ? { seed: flags.modelSeed } : {}),
  };
}

/** A model playing the users of tasks that have a scenario (`--user-model`); without it, the tasks' scripts or a resumed run's own. */
function userOf(
  flags: RunFlags,
  env: Readonly<Record<string, string | undefined>>,
): UsersSpec | undefined {
  if (flags.userModel === undefined) {
    if (flags.userTemperature !== undefined) {
      throw new EndstateError('E_USAGE', '--user-temperature applies with --user-model');
    }
    return undefined;
  }
  const ref = withEndpoint(parseModelRef(flags.userModel, '--user-model'), env, '--user-model');
  const decoding: DecodingSettings =
    flags.userTemperature === undefined ? {} : { temperature: flags.userTemperature };
  return { kind: 'llm', prompt_version: USER_PROMPT_VERSION, model: { ...ref, ...decoding } };
}

/** Flags that choose or shape the agent: given on --resume, they are checked against the run's. */
function hasAgentFlags(flags: RunFlags): boolean {
  return (
    flags.agent !== undefined ||
    flags.slip !== undefined ||
    flags.trajectory !== undefined ||
    flags.model !== undefined ||
    flags.systemPrompt !== undefined ||
    Object.keys(decodingOf(flags)).length > 0 ||
    flags.parallelToolCalls !== undefined ||
    flags.command !== undefined ||
    !flags.sandbox ||
    hasSandboxFlags(flags)
  );
}
