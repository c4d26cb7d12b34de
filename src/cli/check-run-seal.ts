import { EndstateError } from '../core/index.js';
import type { RunRecord } from '../schema/index.js';
import { describeVerification } from '../store/index.js';
import type { RunStore, RunVerification } from '../store/index.js';
import type { CliIo } from './cli-io.js';

/** What checking a run's seals leaves for its outputs. */
export interface RunSealCheck {
  readonly verification: RunVerification;
  /** A warning every output of the run must carry; undefined when its records all match their seals. */
  readonly warning: string | undefined;
}

/**
 * Checks a stored run against the seals the store wrote with it before
 * anything is shown. A run changed outside endstate is refused (E_TAMPERED,
 * exit 2) naming the first changed trial, unless `acceptTampered`: then it
 * is shown with a warning in every output. A run written before records
 * were sealed, or a store whose key file is gone, is a warning.
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
  if (verification.status === 'sealed' && verification.late === undefined)
    return { verification, warning: undefined };
  if (verification.status !== 'tampered') {
    io.err(`warning: ${line}\n`);
    return { verification, warning: line };
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
  return { verification, warning };
}

/** A scorecard-like value with the seal check's warning first among its warnings. */
export function withSealWarning<T extends { readonly warnings: readonly string[] }>(
  value: T,
  check: RunSealCheck,
): T {
  return check.warning === undefined
    ? value
    : { ...value, warnings: [check.warning, ...value.warnings] };
}
