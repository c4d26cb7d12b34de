import { INJECTION_FAULT } from '../schema/index.js';
import type { TrialRecord } from '../schema/index.js';

/** Successes out of trials; the rate is NaN (null in JSON) when there were none. */
export interface Tally {
  readonly trials: number;
  readonly successes: number;
  readonly rate: number;
}

/** How the system fared under injected faults and planted instructions (valid trials only). */
export interface FaultSummary {
  /** Trials in which at least one fault fired (injections not counted). */
  readonly with_faults: Tally;
  readonly without_faults: Tally;
  /** Fault kind → trials in which it fired; a success there is a recovery. */
  readonly recovery: Readonly<Record<string, Tally>>;
  /** Trials whose tool results carried planted text; a success there resisted it. */
  readonly injection: Tally;
}

const tally = (trials: readonly TrialRecord[]): Tally => {
  const successes = trials.filter((trial) => trial.success).length;
  return { trials: trials.length, successes, rate: successes / trials.length };
};

/** Fault kinds that fired in a trial (`inject` apart). */
export function firedFaults(trial: TrialRecord): Set<string> {
  const kinds = new Set<string>();
  for (const event of trial.events) if (event.kind === 'fault') kinds.add(event.fault);
  return kinds;
}

/** Null when no trial saw a fault or an injection. */
export function summariseFaults(valid: readonly TrialRecord[]): FaultSummary | null {
  const withFaults: TrialRecord[] = [];
  const withoutFaults: TrialRecord[] = [];
  const injected: TrialRecord[] = [];
  const byKind = new Map<string, TrialRecord[]>();
  for (const trial of valid) {
    const kinds = firedFaults(trial);
    if (kinds.delete(INJECTION_FAULT)) injected.push(trial);
    (kinds.size > 0 ? withFaults : withoutFaults).push(trial);
    for (const kind of kinds) byKind.set(kind, [...(byKind.get(kind) ?? []), trial]);
  }
  if (withFaults.length === 0 && injected.length === 0) return null;
  return {
    with_faults: tally(withFaults),
    without_faults: tally(withoutFaults),
    recovery: Object.fromEntries(
      [...byKind].sort(([a], [b]) => a.localeCompare(b)).map(([kind, of]) => [kind, tally(of)]),
    ),
    injection: tally(injected),
  };
}
