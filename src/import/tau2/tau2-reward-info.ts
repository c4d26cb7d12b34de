import { jsonEqual } from '../../core/index.js';
import type { JsonObject } from '../../core/index.js';
import { NORMAL_EXIT_REASONS, sourceVerdict, trialChecks } from '../../schema/index.js';
import type { Check, TrialRecord } from '../../schema/index.js';
import type { Tau2ToolCall } from './tau2-messages.js';
import { tau2ToolCalls } from './tau2-messages.js';
import type { Tau2RewardInfo } from './tau2-results.js';
import type { Tau2Action, Tau2RewardType, Tau2Task } from './tau2-task.js';
import { tau2Components } from './tau2-verdict.js';

const NORMAL_EXITS: ReadonlySet<string> = new Set(NORMAL_EXIT_REASONS);

/**
 * tau2's `Action.compare_with_tool_call`: the same tool, and equal values
 * on `compare_args` (all of the call's own arguments when null; none: the
 * name alone).
 */
export function matchesGoldAction(action: Tau2Action, call: Tau2ToolCall): boolean {
  if (action.name !== call.name) return false;
  const keys = action.compare_args ?? Object.keys(call.arguments);
  if (keys.length === 0) return true;
  const pick = (args: JsonObject) =>
    Object.fromEntries(Object.entries(args).filter(([key]) => keys.includes(key)));
  return jsonEqual(pick(call.arguments), pick(action.arguments));
}

const checksNamed = (checks: readonly Check[], prefixes: readonly string[]) =>
  checks.filter(({ id }) =>
    prefixes.some((prefix) => id === prefix || id.startsWith(`${prefix}[`)),
  );

/** A component's reward from its checks: 1 when there are some and all passed (none: not judged, 0). */
const componentReward = (checks: readonly Check[]) =>
  checks.length > 0 && checks.every((check) => check.pass) ? 1 : 0;

/**
 * tau2's `RewardInfo` for one trial, from endstate's grades: the reward is
 * the source verdict the scorecard counts (1 or 0), its breakdown one
 * figure per component of `reward_basis`, with the evidence tau2 keeps
 * (the DB check, the facts said, each gold action found or not by tau2's
 * own rule, the judge's verdict on the nl_assertions, the env assertions).
 * A trial that did not end normally gets tau2's 0 for a premature end.
 */
export function tau2RewardInfo(trial: TrialRecord, task: Tau2Task): Tau2RewardInfo {
  const verdict = sourceVerdict(trial);
  const endstate = {
    verdict,
    success: trial.success,
    terminal_reason: trial.terminal_reason,
    exit_reason: trial.exit_reason,
  };
  if (!trial.valid || !NORMAL_EXITS.has(trial.exit_reason)) {
    return {
      reward: 0,
      reward_basis: null,
      info: { note: `Simulation terminated prematurely: ${trial.exit_reason}`, endstate },
    };
  }
  const criteria = task.evaluation_criteria;
  const checks = trialChecks(trial);
  const breakdown: Partial<Record<Tau2RewardType, number>> = {};
  for (const { type, prefixes } of tau2Components(criteria)) {
    breakdown[type] = prefixes === null ? 1 : componentReward(checksNamed(checks, prefixes));
  }
  const db = checksNamed(checks, ['expect.changes', 'expect.unchanged']);
  const judge = checksNamed(checks, ['judge'])[0];
  const calls = tau2ToolCalls(trial.events);
  const byId = new Map(checks.map((check) => [check.id, check]));
  return {
    reward: verdict === 'pass' ? 1 : 0,
    db_check:
      db.length === 0
        ? null
        : { db_match: componentReward(db) === 1, db_reward: componentReward(db) },
    env_assertions: (criteria?.env_assertions ?? []).map((assertion, index) => {
      const met = byId.get(`expect.assert[${index}]`)?.pass === true;
      return { env_assertion: assertion, met, reward: met ? 1 : 0 };
    }),
    action_checks: (criteria?.actions ?? []).map((action) => {
      const match = calls.some((call) => matchesGoldAction(action, call));
      return { action, action_match: match, action_reward: match ? 1 : 0 };
    }),
    nl_assertions:
      judge === undefined
        ? null
        : (criteria?.nl_assertions ?? []).map((assertion) => ({
            nl_assertion: assertion,
            met: judge.pass,
            justification: `one verdict on the whole rubric: ${judge.message}`,
          })),
    communicate_checks: (criteria?.communicate_info ?? []).map((info, index) => {
      const check = byId.get(`expect.communicate[${index}]`);
      return {
        info,
        met: check?.pass === true,
        justification: check?.message ?? 'not checked',
      };
    }),
    reward_basis: criteria?.reward_basis ?? null,
    reward_breakdown: breakdown,
    info: { endstate },
  };
}
