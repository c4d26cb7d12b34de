import { EndstateError, canonicalJson } from '../../core/index.js';
import type { JsonObject, Problem } from '../../core/index.js';
import type { Environment } from '../../environment/index.js';
import { initTool } from '../../environment/index.js';
import type { Step, TaskFile } from '../../schema/index.js';
import { TaskFileSchema } from '../../schema/index.js';
import { changesFromDiff } from '../changes-from-diff.js';
import type { Tau2Domain } from './tau2-domain.js';
import type { Tau2Action, Tau2RewardType, Tau2Task } from './tau2-task.js';
import { tau2VerdictChecks } from './tau2-verdict.js';
import { replayTau2Gold, tau2InitSteps } from './replay-tau2-gold.js';
import { endstateTaskId } from './endstate-task-id.js';
import { userSkipKnownBad } from './user-skip-known-bad.js';

/** tau2's retail clock plays no part in the tools; any fixed time keeps trials reproducible. */
const CLOCK = '2024-06-01T12:00:00Z';

/** The user's first words: the goal stays hidden, as tau2's simulated user keeps it. */
const OPENING = 'Hi! I need some help.';

/** The question before every call that changes state; the scripted user answers it. */
const CONSENT_QUESTION = 'Shall I proceed?';

export interface ConvertTau2Options {
  readonly domain: Tau2Domain;
  readonly environment: Environment;
  /** The tasks file, for error messages. */
  readonly file: string;
}

export interface ConvertedTau2Task {
  /** What goes into the task file (defaults left out). */
  readonly file: Record<string, unknown>;
  /** The same, as the loader reads it. */
  readonly task: TaskFile;
}

/**
 * One tau2 task as an endstate task. The gold actions, replayed on s0, give
 * the expected end state (tau2's DB check: the whole state, everything else
 * unchanged); `communicate_info` the facts to say (tau2's substring rule);
 * `nl_assertions` a judge rubric when NL_ASSERTION is in `reward_basis`
 * (else a note in the description: tau2 ignores them); `env_assertions` CEL
 * assertions (by the domain); the actions a trajectory match, required
 * when ACTION is in `reward_basis`. The user scenario becomes the simulated user's persona,
 * hidden goal and known facts. `reward_basis` becomes the task's
 * `verdict_checks` label (with `verdict_of: tau2`), which the scorecard's
 * Outcome line reads as tau2's verdict.
 */
export async function convertTau2Task(
  task: Tau2Task,
  options: ConvertTau2Options,
): Promise<ConvertedTau2Task> {
  const { environment, domain } = options;
  const criteria = task.evaluation_criteria;
  const actions = criteria?.actions ?? [];
  const basis: readonly Tau2RewardType[] = criteria?.reward_basis ?? ['DB', 'COMMUNICATE'];
  refuseUnsupported(task, options);

  const init = tau2InitSteps(task);
  const gold = await replayTau2Gold(environment, task, actions, CLOCK);
  if (gold.type === 'init-failed') {
    throw unsupported(
      task,
      options,
      `initial_state.initialization_actions[${gold.index ?? 0}]`,
      `could not set up s0: ${gold.message}`,
    );
  }
  const assertions = (criteria?.env_assertions ?? []).map((assertion) => {
    const cel = domain.envAssertion(assertion);
    if ('cel' in cel) return assertion.assert_value ? cel.cel : `!(${cel.cel})`;
    throw unsupported(task, options, 'evaluation_criteria.env_assertions', cel.unsupported);
  });
  const communicate = criteria?.communicate_info ?? [];
  // tau2 reads nl_assertions only when NL_ASSERTION is in reward_basis (none
  // of its airline tasks has it): outside it they are notes, not a judge.
  const nlAssertions = criteria?.nl_assertions ?? [];
  const judged = basis.includes('NL_ASSERTION') ? nlAssertions : [];
  const isWrite = (tool: string) => (environment.tools.get(tool)?.effect ?? 'read') !== 'read';
  const userActions = actions.filter((action) => action.requestor === 'user');
  const agentActions = actions.filter((action) => action.requestor !== 'user');
  // tau2 checks the whole end state only when DB is in reward_basis.
  const checksDb = basis.includes('DB');

  const id = endstateTaskId(task.id);
  const reference = referencePath(actions, communicate, isWrite, userActions);
  const knownBad = await userSkipKnownBad({
    environment,
    task,
    actions,
    reference,
    requestOf: (action) => userRequest(action, userActions.indexOf(action)),
    assertions,
    clock: CLOCK,
  });
  const spec = {
    id,
    revision: 1,
    description: describe(
      task,
      actions,
      gold.results.map((result) => result.ok),
      judged.length === 0 ? nlAssertions : [],
    ),
    labels: {
      source: `tau2-${domain.name}`,
      reward_basis: basis.join('+'),
      verdict_of: 'tau2',
      verdict_checks: tau2VerdictChecks(criteria),
      ...(id === task.id ? {} : { tau2_id: task.id }),
    },
    environment: environment.name,
    clock: CLOCK,
    ...(init.length > 0 ? { init } : {}),
    user: userOf(task, userActions),
    // Room for the gold path twice over: a long one (many user steps) must fit.
    limits: { max_steps: Math.max(30, 2 * reference.length), timeout_s: 600 },
    expect: {
      changes: checksDb ? changesFromDiff(gold.state.diff()) : [],
      unchanged: checksDb ? 'everything-else' : 'ignore',
      assert: assertions,
      communicate,
      communicate_match: 'substring',
    },
    constraints: [{ consent: 'write' }],
    ...(agentActions.length > 0 ? { trajectory: trajectoryOf(agentActions, basis) } : {}),
    ...(judged.length > 0
      ? {
          judge: {
            rubric: `The agent meets every one of these expectations:\n${judged.map((line) => `- ${line}`).join('\n')}`,
          },
        }
      : {}),
    reference,
    ...(knownBad.length > 0 ? { known_bad: knownBad } : {}),
  };
  return { file: spec, task: TaskFileSchema.parse(spec) };
}

/**
 * tau2's ACTION check as a trajectory match: every gold action among the
 * calls made (`superset`), arguments compared as tau2 compares them (all
 * of them, or a tool's `compare_args` alone), required when ACTION is in
 * `reward_basis`. Gold actions equal on what is compared are listed once:
 * tau2 lets one call meet them all, where the match counts calls as a
 * multiset.
 */
function trajectoryOf(actions: readonly Tau2Action[], basis: readonly Tau2RewardType[]) {
  const compareArgs = compareArgsByTool(actions);
  const seen = new Set<string>();
  const reference = actions.flatMap((action) => {
    const compared = compareArgs[action.name];
    const args =
      compared === undefined
        ? action.arguments
        : Object.fromEntries(
            Object.entries(action.arguments).filter(([key]) => compared.includes(key)),
          );
    const key = canonicalJson({ tool: action.name, args });
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ tool: action.name, args: action.arguments }];
  });
  return {
    match: 'superset',
    reference,
    args: 'exact',
    ...(Object.keys(compareArgs).length > 0 ? { compare_args: compareArgs } : {}),
    required: basis.includes('ACTION'),
  };
}

/** Each tool's `compare_args`, from the gold actions that give one (checked consistent by refuseUnsupported). */
function compareArgsByTool(actions: readonly Tau2Action[]): Record<string, string[]> {
  const byTool: Record<string, string[]> = {};
  for (const action of actions) {
    if (action.compare_args !== null && action.compare_args !== undefined) {
      byTool[action.name] = [...action.compare_args];
    }
  }
  return byTool;
}

/** The user of a tau2 scenario: a generic opening, the scenario hidden from the agent. */
function userOf(task: Tau2Task, userActions: readonly Tau2Action[]): Record<string, unknown> {
  const { persona, instructions } = task.user_scenario;
  const goal =
    typeof instructions === 'string'
      ? instructions
      : [
          `Reason for the call: ${instructions.reason_for_call}`,
          instructions.unknown_info ? `What you do not know: ${instructions.unknown_info}` : '',
          `How to act: ${instructions.task_instructions}`,
        ]
          .filter((line) => line !== '')
          .join('\n');
  const knows: JsonObject =
    typeof instructions !== 'string' && instructions.known_info
      ? { known_info: instructions.known_info }
      : {};
  return {
    instruction: OPENING,
    script: [
      { when: CONSENT_QUESTION.replace('?', '\\?'), say: 'Yes, please go ahead.' },
      ...userToolRules(userActions),
    ],
    default: 'Thank you.',
    scenario: {
      ...(persona ? { persona } : {}),
      hidden_goal: goal,
      ...(Object.keys(knows).length > 0 ? { knows } : {}),
    },
  };
}

/** The gold actions as a path: consent asked before each write, the facts said at the end. */
function referencePath(
  actions: readonly Tau2Action[],
  communicate: readonly string[],
  isWrite: (tool: string) => boolean,
  userActions: readonly Tau2Action[],
): Step[] {
  const steps: Step[] = [];
  for (const action of actions) {
    if (action.requestor === 'user') {
      steps.push({ say: userRequest(action, userActions.indexOf(action)) });
      continue;
    }
    if (isWrite(action.name)) {
      steps.push({ say: `I am about to call ${action.name}. ${CONSENT_QUESTION}` });
    }
    steps.push({ tool: action.name, args: action.arguments });
  }
  steps.push({
    say:
      communicate.length > 0
        ? `Here is what you asked for: ${communicate.join('; ')}.`
        : 'All done. Is there anything else I can help you with?',
  });
  return steps;
}

/**
 * What the agent asks the user to do on their side, in the reference path:
 * the tool and its arguments, numbered so that each request matches its
 * own script rule.
 */
function userRequest(action: Tau2Action, index: number): string {
  const args =
    Object.keys(action.arguments).length > 0 ? ` with ${canonicalJson(action.arguments)}` : '';
  return `Step ${index + 1} on your phone: please use ${action.name}${args}.`;
}

/**
 * The scripted user's part of the gold path: each gold action the user
 * takes is a rule that makes the call when the agent asks for it (as the
 * reference path does, by its numbered request).
 */
function userToolRules(userActions: readonly Tau2Action[]): Record<string, unknown>[] {
  return userActions.map((action, index) => ({
    when: escapeRegex(userRequest(action, index)),
    user_tool: { tool: action.name, args: action.arguments },
  }));
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function describe(
  task: Tau2Task,
  actions: readonly Tau2Action[],
  succeeded: readonly boolean[],
  unjudged: readonly string[],
) {
  const failed = actions.filter((_action, index) => succeeded[index] === false).length;
  const parts = [
    `tau2 task ${task.id}, imported from its gold actions.`,
    task.description?.purpose ?? '',
    task.description?.notes ?? '',
    failed > 0 ? `${failed} gold action(s) fail, as in tau2.` : '',
    unjudged.length > 0
      ? `Its nl_assertions, which tau2 does not score (NL_ASSERTION is not in its reward_basis): ${unjudged.join(' ')}`
      : '',
  ];
  return parts.filter((part) => part !== '').join(' ');
}

/** What a tau2 task may hold that endstate cannot play yet: the import stops, naming it. */
function refuseUnsupported(task: Tau2Task, options: ConvertTau2Options): void {
  const initial = task.initial_state;
  if (initial?.initialization_data?.agent_data || initial?.initialization_data?.user_data) {
    throw unsupported(
      task,
      options,
      'initial_state.initialization_data',
      'changes to the initial data are not supported yet',
    );
  }
  const initSteps = tau2InitSteps(task);
  const badInit = initSteps.findIndex(
    (step) => initTool(options.environment, step.side, step.tool) === undefined,
  );
  if (badInit !== -1) {
    const step = initSteps[badInit]!;
    throw unsupported(
      task,
      options,
      `initial_state.initialization_actions[${badInit}].func_name`,
      options.environment.user === undefined && step.side === 'user'
        ? `the ${options.domain.name} environment has no user side for "${step.tool}"`
        : `the ${options.domain.name} environment has no ${step.side}-side function "${step.tool}"`,
    );
  }
  if ((initial?.message_history ?? []).length > 0) {
    throw unsupported(
      task,
      options,
      'initial_state.message_history',
      'a conversation already under way is not supported yet',
    );
  }
  const unknownTool = (task.evaluation_criteria?.actions ?? []).findIndex((action) =>
    action.requestor === 'user'
      ? options.environment.user?.tools.has(action.name) !== true
      : !options.environment.tools.has(action.name),
  );
  if (unknownTool !== -1) {
    throw unsupported(
      task,
      options,
      `evaluation_criteria.actions[${unknownTool}].name`,
      `the ${options.domain.name} environment has no ${task.evaluation_criteria?.actions?.[unknownTool]?.requestor === 'user' ? "user's " : ''}tool "${task.evaluation_criteria?.actions?.[unknownTool]?.name}"`,
    );
  }
  const compared = new Map<string, string>();
  const inconsistent = (task.evaluation_criteria?.actions ?? []).findIndex((action) => {
    const key = JSON.stringify(action.compare_args ?? null);
    const first = compared.get(action.name);
    compared.set(action.name, first ?? key);
    return first !== undefined && first !== key;
  });
  if (inconsistent !== -1) {
    throw unsupported(
      task,
      options,
      `evaluation_criteria.actions[${inconsistent}].compare_args`,
      'two gold actions of one tool compare different arguments; a trajectory compares the arguments of a tool one way',
    );
  }
  if (endstateTaskId(task.id) === '') {
    throw unsupported(task, options, 'id', 'the id has no letter or digit to keep');
  }
}

function unsupported(
  task: Tau2Task,
  options: ConvertTau2Options,
  path: string,
  message: string,
): EndstateError {
  const problem: Problem = { file: options.file, path: `task ${task.id}: ${path}`, message };
  return new EndstateError(
    'E_TASK_INVALID',
    `tau2 task ${task.id} cannot be imported: ${message}`,
    {
      problems: [problem],
      hint: 'Leave the task out of tasks.json (or import another domain folder); the limits are listed in docs/task-format.md (tau2 suites).',
    },
  );
}
