import type { Scorecard } from '../report/index.js';
import { EXIT } from './exit-codes.js';
import { failedGates } from './gates.js';
import type { Gate } from './gates.js';

/** What decides the exit code of `run` and `report` once the scorecard is built. */
export interface RunVerdictRules {
  readonly gates: readonly Gate[];
  /** `--max-invalid`: the largest share of planned trials left without a valid record; none: not checked. */
  readonly maxInvalid: number | undefined;
}

export interface RunVerdict {
  readonly code: number;
  /** One line each, for stderr: why the code is not 0. */
  readonly messages: readonly string[];
}

/** Rates at the threshold pass, as for gates (a share computed as 0.1000000001 meets 0.1). */
const TOLERANCE = 1e-9;

/**
 * The share of planned trials with no valid record after every rerun: the
 * numbers rest on that many fewer trials than planned. Attempts that were
 * invalid and then rerun to a valid record do not count; they are reported.
 */
export function missingShare(card: Scorecard): number {
  const { planned_trials: planned, missing_trials: missing } = card.counts;
  return planned === 0 ? 0 : Math.max(0, missing) / planned;
}

const percent = (value: number): string => `${(value * 100).toFixed(1)}%`;

function invalidMessage(card: Scorecard, maxInvalid: number): string {
  const { planned_trials: planned, missing_trials: missing, invalid_attempts } = card.counts;
  const reasons = card.invalid_reasons
    .slice(0, 3)
    .map((reason) => `${reason.terminal_reason}/${reason.exit_reason} ×${reason.attempts}`)
    .join(', ');
  return `invalid trials: ${missing} of ${planned} planned trial(s) have no valid record after reruns (${percent(missing / planned)}, over --max-invalid ${maxInvalid}); ${invalid_attempts} invalid attempt(s)${reasons === '' ? '' : `: ${reasons}`} (examples under the scorecard)`;
}

/**
 * The exit code and why: 4 when too many planned trials have no valid
 * record, else 1 under a gate or when a trial was harness-incompatible (the
 * system could not use the tools: a failure of the system that must not
 * pass unseen), else 0. Every message is given, whichever code wins.
 */
export function runVerdict(card: Scorecard, rules: RunVerdictRules): RunVerdict {
  const tooManyInvalid =
    rules.maxInvalid !== undefined && missingShare(card) > rules.maxInvalid + TOLERANCE;
  const gates = failedGates(card, rules.gates).map((message) => `gate failed: ${message}`);
  const { incompatible_trials: incompatible, valid_trials: valid } = card.counts;
  const incompatibility =
    incompatible === 0
      ? []
      : [
          `incompatible: ${incompatible} of ${valid} valid trial(s) ended in harness_incompatibility (the model could not use the tools); they count as failures`,
        ];
  const messages = [
    ...(tooManyInvalid && rules.maxInvalid !== undefined
      ? [invalidMessage(card, rules.maxInvalid)]
      : []),
    ...gates,
    ...incompatibility,
  ];
  const code = tooManyInvalid
    ? EXIT.invalid
    : gates.length > 0 || incompatibility.length > 0
      ? EXIT.gate
      : EXIT.ok;
  return { code, messages };
}
