import { EndstateError } from '../core/index.js';
import type { RunRecord } from '../schema/index.js';
import { describeGoneRun, describeVerification } from '../store/index.js';
import type { RunStore, RunVerification } from '../store/index.js';
import type { CliIo } from './cli-io.js';

/** What checking a run's seals leaves for its outputs. */
export interface RunSealCheck {
  readonly verification: RunVerification;
  /**
   * Warnings every output of the run must carry, first among its
   * warnings: its own check's (none when its records all match their
   * seals), then one per run the store's ledger lists and the store no
   * longer holds.
   */
  readonly warnings: readonly string[];
}

/**
 * Checks a stored run against the seals the store wrote with it before
 * anything is shown. A run changed outside endstate is refused (E_TAMPERED,
 * exit 2) naming the first changed trial, unless `acceptTampered`: then it
 * is shown with a warning in every output. A run written before records
 * were sealed, or a store whose key file is gone, is a warning; so is every
 * other run removed from the store (the run shown is whole, but the store
 * was tampered with).
 */
export async function checkRunSeal(
  store: RunStore,
  run: RunRecord,
  options: { readonly acceptTampered?: boolean | undefined; readonly storePath: string },
  io: CliIo,
): Promise<RunSealCheck> {
  const verification = (await store.verifyRun(run.run_id)) ?? {
    status: 'tampered',
    problems: [{ message: 'the run record was removed outside endstate' }],
  };
  const line = describeVerification(run.run_id, verification);
  const gone = (await store.listGoneRuns()).map((gone) => describeGoneRun(gone));
  for (const warning of gone) io.err(`warning: ${warning}\n`);
  if (verification.status === 'sealed' && verification.late === undefined)
    return { verification, warnings: gone };
  if (verification.status !== 'tampered') {
    io.err(`warning: ${line}\n`);
    return { verification, warnings: [line, ...gone] };
  }
  if (options.acceptTampered !== true) {
    throw new EndstateError('E_TAMPERED', line, {
      problems: verification.problems.map((problem) => ({
        file: options.storePath,
        message: problem.message,
      })),
      hint: `Its figures cannot be trusted. Run the suite again into a store agents cannot write, or pass --accept-tampered to see run ${run.run_id} anyway, marked as tampered.`,
      details: { run_id: run.run_id },
    });
  }
  const warning = `TAMPERED: ${line}; shown because of --accept-tampered, its figures cannot be trusted`;
  io.err(`\n*** ${warning} ***\n\n`);
  return { verification, warnings: [warning, ...gone] };
}

/** A scorecard-like value with the seal check's warnings first among its warnings. */
export function withSealWarning<T extends { readonly warnings: readonly string[] }>(
  value: T,
  check: RunSealCheck,
): T {
  return check.warnings.length === 0
    ? value
    : { ...value, warnings: [...check.warnings, ...value.warnings] };
}
