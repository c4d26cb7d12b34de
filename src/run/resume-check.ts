import { EndstateError, canonicalJson, jsonEqual } from '../core/index.js';
import type { RunRecord, SystemSpec, TrialRecord } from '../schema/index.js';
import type { Suite } from '../task/index.js';
import { suiteChangedError } from './suite-changes.js';

const short = (hash: string): string => hash.slice(0, 12);

/** Parts of two system specs that differ, as `field: then → now`. */
function systemDifferences(then: SystemSpec, now: SystemSpec): string[] {
  const fields = [...new Set([...Object.keys(then), ...Object.keys(now)])] as (keyof SystemSpec)[];
  return fields
    .filter((field) => !jsonEqual(then[field], now[field]))
    .map(
      (field) =>
        `${field}: ${canonicalJson(then[field] ?? null)} → ${canonicalJson(now[field] ?? null)}`,
    );
}

/**
 * Why a stored run cannot be resumed with this suite and system, or
 * undefined when it can: a finished run has nothing left, and trials of a
 * different suite or system must never be pooled with the stored ones.
 */
export function resumeRefusal(
  run: RunRecord,
  trials: readonly TrialRecord[],
  suite: Suite,
  system: { readonly spec: SystemSpec; readonly hash: string },
): EndstateError | undefined {
  if (run.status === 'finished') {
    return new EndstateError(
      'E_RESUME',
      `run ${run.run_id} is finished: there is nothing to resume`,
      {
        hint: `Show it with: endstate report ${run.run_id}`,
      },
    );
  }
  if (suite.hash !== run.suite.hash) {
    const changed = suiteChangedError(run, trials, suite);
    return new EndstateError(
      'E_RESUME',
      `cannot resume run ${run.run_id}: ${changed.message.split('\n')[0]!}`,
      {
        ...(changed.problems === undefined ? {} : { problems: changed.problems }),
        hint: 'Trials made on different suite contents are never pooled. Restore the suite as the run had it, or start a new run.',
      },
    );
  }
  if (system.hash !== run.system_hash) {
    const differences = systemDifferences(run.system, system.spec);
    return new EndstateError(
      'E_RESUME',
      `cannot resume run ${run.run_id}: the system under test is not the run's (system hash ${short(run.system_hash)} then, ${short(system.hash)} now)`,
      {
        problems: differences.map((message) => ({ message })),
        hint: 'Pass the same --agent and agent options as the run (see them with endstate report), or start a new run.',
      },
    );
  }
  return undefined;
}
