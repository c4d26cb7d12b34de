import type { TrialRecord } from '../../schema/index.js';

/** One kind of provider error, by its first message, with how many trials ended on it. */
export interface ProviderErrorGroup {
  readonly message: string;
  readonly trials: number;
}

/** Longest message shown; a provider's error body can be pages long. */
const MAX_MESSAGE_CHARS = 300;

/**
 * Trials that ended on a provider error, grouped by what went wrong: the
 * message with its parenthesised details (which task, which call) left
 * out, so one recurring error is one line. Most frequent first.
 */
export function providerErrorGroups(
  trials: readonly Pick<TrialRecord, 'exit_reason' | 'error'>[],
): ProviderErrorGroup[] {
  const groups = new Map<string, { message: string; trials: number }>();
  for (const trial of trials) {
    if (trial.exit_reason !== 'provider_error') continue;
    const message = (trial.error ?? 'no message recorded').split('\n')[0] ?? '';
    const key = message.replace(/\([^)]*\)/g, '()');
    const group = groups.get(key);
    if (group === undefined) groups.set(key, { message, trials: 1 });
    else group.trials++;
  }
  return [...groups.values()].sort((a, b) => b.trials - a.trials);
}

/** The lines shown under the scorecard; empty when no trial met a provider error. */
export function renderProviderErrors(groups: readonly ProviderErrorGroup[]): string {
  if (groups.length === 0) return '';
  const total = groups.reduce((sum, group) => sum + group.trials, 0);
  const lines = [`Provider errors (${total} invalid trial(s); the first message of each kind)`];
  for (const { message, trials } of groups.slice(0, 5)) {
    const shown =
      message.length > MAX_MESSAGE_CHARS ? `${message.slice(0, MAX_MESSAGE_CHARS)}…` : message;
    lines.push(`  ${trials}× ${shown}`);
  }
  if (groups.length > 5) lines.push(`  … and ${groups.length - 5} other kind(s)`);
  return lines.join('\n');
}
