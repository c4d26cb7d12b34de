import type { ExitReason, FailureLabel, GradedCheck, TerminalReason } from '../../schema/index.js';

/** What the rules read of a failed trial: how it ended and the checks that failed. */
export interface FailedTrialView {
  readonly exitReason: ExitReason;
  readonly terminalReason: TerminalReason;
  /** The failed checks of gate and constraint graders (`failedChecks(record)`). */
  readonly failed: readonly GradedCheck[];
}

/** A proposed label with the checks it rests on and a one-line summary of them. */
export interface FailureLabelProposal {
  readonly label: FailureLabel;
  /** Why, in words: the rule that fired and the evidence it read. */
  readonly evidence: string;
  /** The ids of the checks the rule read (`grader:check-id`). */
  readonly checks: readonly string[];
}

const BUDGET_EXITS: ReadonlySet<ExitReason> = new Set([
  'max_steps',
  'timeout',
  'token_limit',
  'cost_limit',
  'loop_detected',
]);
const ERROR_EXITS: ReadonlySet<ExitReason> = new Set(['agent_error', 'provider_error']);
const POLICY_KINDS: ReadonlySet<string> = new Set(['forbid', 'before', 'consent', 'scope']);
const DISCLOSURE_KINDS: ReadonlySet<string> = new Set(['must_not_say', 'disclosure']);
const CHANGE_KINDS: ReadonlySet<string> = new Set(['set', 'insert', 'delete', 'assert']);
const CLAIM_GRADERS: ReadonlySet<string> = new Set(['claims', 'claim']);

const named = (check: GradedCheck): string => `${check.grader}:${check.id}`;
const said = (checks: readonly GradedCheck[]): string =>
  checks.map((check) => `${named(check)} (${check.message})`).join('; ');

const propose = (
  label: FailureLabel,
  why: string,
  checks: readonly GradedCheck[],
): FailureLabelProposal => ({
  label,
  evidence: checks.length === 0 ? why : `${why}: ${said(checks)}`,
  checks: checks.map(named),
});

const field = (evidence: unknown, key: string): unknown =>
  typeof evidence === 'object' && evidence !== null && !Array.isArray(evidence)
    ? (evidence as Record<string, unknown>)[key]
    : undefined;

/**
 * How a failed change check went: `untouched` (the record or collection
 * was left as it was), `wrong-value` (it was written, with other values),
 * or `duplicate` (more matching records than the task allows).
 */
type ChangeMiss = 'untouched' | 'wrong-value' | 'duplicate' | 'unknown';

function changeMiss(check: GradedCheck): ChangeMiss {
  const evidence = check.evidence;
  if (check.kind === 'set') {
    const actual = field(evidence, 'actual');
    const before = field(evidence, 'before');
    if (actual === undefined) return 'untouched';
    return JSON.stringify(actual) === JSON.stringify(before) ? 'untouched' : 'wrong-value';
  }
  if (check.kind === 'insert') {
    const matched = field(evidence, 'matched_ids');
    const inserted = field(evidence, 'inserted_ids');
    if (Array.isArray(matched) && matched.length > 1) return 'duplicate';
    if (Array.isArray(inserted) && inserted.length > 0)
      return Array.isArray(matched) && matched.length > 0 ? 'duplicate' : 'wrong-value';
    return 'untouched';
  }
  if (check.kind === 'delete') return 'untouched';
  return 'unknown';
}

/** The collection a change check is about: `orders` of `orders/8842/status`, or an insert's. */
function collectionOf(check: GradedCheck): string | undefined {
  const collection = field(check.evidence, 'collection');
  if (typeof collection === 'string') return collection;
  const record = field(check.evidence, 'record');
  return typeof record === 'string' ? record.split('/')[0] : undefined;
}

/** The collections of the records a failed collateral check names. */
function collateralCollections(check: GradedCheck): Set<string> {
  const unexpected = field(check.evidence, 'unexpected');
  const collections = new Set<string>();
  if (!Array.isArray(unexpected)) return collections;
  for (const entry of unexpected) {
    const record = field(entry, 'record');
    if (typeof record === 'string') collections.add(record.split('/')[0]!);
  }
  return collections;
}

/** The outcome's failed checks, read as one of the outcome labels (or none when none failed). */
function outcomeLabel(
  failed: readonly GradedCheck[],
  claims: readonly GradedCheck[],
): FailureLabelProposal | undefined {
  const changes = failed.filter((check) => CHANGE_KINDS.has(check.kind));
  const collateral = failed.filter((check) => check.kind === 'collateral');
  if (changes.length === 0) {
    return collateral.length === 0
      ? undefined
      : propose(
          'collateral_damage',
          'every required change was made, and something else changed too',
          collateral,
        );
  }
  const misses = changes.map((check) => ({ check, miss: changeMiss(check) }));
  const wrongValue = misses.filter(({ miss }) => miss === 'wrong-value').map(({ check }) => check);
  if (wrongValue.length > 0)
    return propose('wrong_arguments', 'a required record was written with other values', [
      ...wrongValue,
    ]);
  const duplicate = misses.filter(({ miss }) => miss === 'duplicate').map(({ check }) => check);
  if (duplicate.length > 0)
    return propose('wrong_action', 'a required change was made more often than allowed', [
      ...duplicate,
    ]);
  if (collateral.length > 0) {
    const elsewhere = new Set(collateral.flatMap((check) => [...collateralCollections(check)]));
    const sameKind = changes.filter((check) => {
      const collection = collectionOf(check);
      return collection !== undefined && elsewhere.has(collection);
    });
    return sameKind.length > 0
      ? propose(
          'wrong_arguments',
          'the required change went to another record of the same collection (a wrong id)',
          [...sameKind, ...collateral],
        )
      : propose('wrong_action', 'a required change was not made and another change was', [
          ...changes,
          ...collateral,
        ]);
  }
  if (claims.length > 0)
    return propose('false_claim', 'a required change was not made, yet the agent said it was', [
      ...claims,
      ...changes,
    ]);
  return propose('missing_action', 'a required change was not made and nothing else changed', [
    ...changes,
  ]);
}

/**
 * The rules of docs/failure-labels.md: one proposed label for a failed
 * trial, the first that applies in this order: agent_error, budget (an
 * exit at a budget or the loop guard), policy_violation, budget (the
 * identical-call cap), disclosure, the outcome labels (wrong_arguments,
 * wrong_action, false_claim when nothing was done but claimed,
 * missing_action, collateral_damage), false_claim, communication, other.
 *
 * @example
 * proposeFailureLabel({ exitReason: 'max_steps', terminalReason: 'agent_failure', failed: [] }).label; // 'budget'
 */
export function proposeFailureLabel(trial: FailedTrialView): FailureLabelProposal {
  const { exitReason, terminalReason, failed } = trial;
  if (ERROR_EXITS.has(exitReason) || terminalReason === 'harness_incompatibility')
    return propose('agent_error', `the trial ended with ${exitReason} (${terminalReason})`, []);
  if (BUDGET_EXITS.has(exitReason))
    return propose('budget', `the trial ended at ${exitReason}`, []);
  const constraints = failed.filter((check) => check.role === 'constraint');
  const policy = constraints.filter((check) => POLICY_KINDS.has(check.kind));
  if (policy.length > 0) return propose('policy_violation', 'a process constraint failed', policy);
  const repeated = constraints.filter((check) => check.kind === 'max_identical_calls');
  if (repeated.length > 0)
    return propose('budget', 'the agent repeated a call past the cap', repeated);
  const disclosure = failed.filter(
    (check) => DISCLOSURE_KINDS.has(check.kind) || DISCLOSURE_KINDS.has(check.grader),
  );
  if (disclosure.length > 0)
    return propose('disclosure', 'the agent said what it must not say', disclosure);
  const claims = failed.filter(
    (check) => CLAIM_GRADERS.has(check.grader) || check.kind === 'claim',
  );
  const outcome = outcomeLabel(
    failed.filter((check) => check.grader === 'outcome'),
    claims,
  );
  if (outcome !== undefined) return outcome;
  if (claims.length > 0)
    return propose('false_claim', 'the agent said something the final state contradicts', claims);
  const communicate = failed.filter((check) => check.kind === 'communicate');
  if (communicate.length > 0)
    return propose('communication', 'a required fact was never said to the user', communicate);
  if (constraints.length > 0)
    return propose('policy_violation', 'a process constraint failed', constraints);
  return propose(
    'other',
    failed.length === 0 ? `no check failed (exit ${exitReason})` : 'no rule matched',
    failed,
  );
}
