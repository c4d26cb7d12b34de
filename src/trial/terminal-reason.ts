import { NORMAL_EXIT_REASONS } from '../schema/index.js';
import type { ExitReason, TerminalReason } from '../schema/index.js';

/** Exit reasons that mean the environment, a provider or the harness broke: the trial is invalid. */
export const INFRASTRUCTURE_EXITS: readonly ExitReason[] = [
  'tool_crash',
  'harness_crash',
  'provider_error',
];

/**
 * The predeclared taxonomy: budget exhaustion, loops and agent errors are
 * agent failures (they stay in the denominator); a model that cannot use
 * the tool protocol is the system's failure too (harness incompatibility);
 * broken environments, providers and graders make the trial invalid.
 */
export function terminalReason(
  exit: ExitReason,
  graded: { success: boolean } | 'grader_failed',
  infrastructure?: 'environment_failure' | 'harness_incompatibility',
): TerminalReason {
  if (INFRASTRUCTURE_EXITS.includes(exit)) return infrastructure ?? 'environment_failure';
  if (graded === 'grader_failed') return 'grader_failure';
  return graded.success && NORMAL_EXIT_REASONS.includes(exit) ? 'success' : 'agent_failure';
}

/**
 * Successes, agent failures and harness incompatibilities are valid: they
 * count in the denominator, because a system that cannot use the tools is
 * the system configuration's failure, not the infrastructure's. Environment
 * and grader failures are invalid: rerun and reported apart.
 */
export function isValidTerminal(reason: TerminalReason): boolean {
  return reason !== 'environment_failure' && reason !== 'grader_failure';
}
