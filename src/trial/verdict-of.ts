import type { AgentInfrastructureError } from '../core/index.js';
import type { GradedTrial } from '../grade/index.js';
import type { ExitReason, TrialRecord } from '../schema/index.js';
import { graderCostOf, partialScoreOf } from '../schema/index.js';
import { isValidTerminal, terminalReason } from './terminal-reason.js';

export interface VerdictInput {
  /** How the trial ended. */
  readonly exit: ExitReason;
  /** What the graders said; undefined when the exit left nothing to grade (the environment or the harness broke). */
  readonly graded: GradedTrial | undefined;
  /** Who failed when a provider did: the infrastructure, or the system that cannot serve the tool protocol. */
  readonly infrastructure?: AgentInfrastructureError['terminal'] | undefined;
  /** The error the trial ended with (the agent's, a tool's, the harness's); a grader failure's message takes its place. */
  readonly error: string | null;
}

/** The fields of a trial record that say how the trial came out, in the record's order. */
export type VerdictFields = Pick<
  TrialRecord,
  'terminal_reason' | 'grades' | 'success' | 'partial_score' | 'valid' | 'error'
>;

export interface TrialVerdict {
  readonly fields: VerdictFields;
  /** What model-based graders spent: the record's `usage.grader_cost_usd`. */
  readonly graderCostUsd: number | null;
}

/**
 * A trial's verdict from its exit and its grades: the terminal reason,
 * success, validity, partial score and error. Pure, and the only place a
 * verdict is made, so a trial played now and a stored trial regraded later
 * are judged alike.
 *
 * @example
 * const { fields } = verdictOf({ exit: 'max_steps', graded, error: null });
 * fields.terminal_reason; // 'agent_failure': a budget ran out, whatever the state
 */
export function verdictOf(input: VerdictInput): TrialVerdict {
  const { graded } = input;
  const failure = graded?.failure ?? null;
  const terminal = terminalReason(
    input.exit,
    failure !== null ? 'grader_failed' : { success: graded?.success === true },
    input.infrastructure,
  );
  return {
    fields: {
      terminal_reason: terminal,
      grades: graded?.grades ?? {},
      success: terminal === 'success',
      partial_score: graded === undefined ? null : partialScoreOf(graded.grades),
      valid: isValidTerminal(terminal),
      error: failure !== null ? `grader failed: ${failure.message}` : input.error,
    },
    graderCostUsd: graded === undefined ? 0 : graderCostOf(graded.grades),
  };
}
