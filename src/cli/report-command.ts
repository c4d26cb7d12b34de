import type { CliIo } from './cli-io.js';
import type { CiOutputFlags } from './ci-outputs.js';
import { parseGate } from './parse-gate.js';
import { EndstateError } from '../core/index.js';
import type { RunRecord, TrialRecord } from '../schema/index.js';
import type { RunStore } from '../store/index.js';
import { findStoredRun, openStoredRun } from './open-stored-run.js';
import { reportStoredRun } from './report-stored-run.js';
import { storeFileOf, storeSpecOf } from './store-path.js';
import { checkOutputPaths } from './check-output-paths.js';

export interface ReportFlags extends CiOutputFlags {
  readonly store?: string;
  readonly json?: string;
  /** Write the single-file HTML report (scorecard, charts, grid, trial traces) here. */
  readonly html?: string;
  /** Write each failed trial as a regression case (replay trajectory plus verdict) into this folder. */
  readonly saveFailures?: string;
  /** `--fail-under METRIC=V`, repeatable: exit 1 under any. */
  readonly failUnder?: readonly string[];
  /** `--max-invalid P`: exit 4 when more than this share of planned trials has no valid record. */
  readonly maxInvalid?: number;
  /** Show a run whose records were changed outside endstate (else refused, exit 2), marked as tampered. */
  readonly acceptTampered?: boolean;
  /** `--oracle RUN`: an oracle run of the same suite, the reference of the drift regret. */
  readonly oracle?: string;
}

/** `endstate report [RUN|latest]`: the scorecard recomputed from the store alone. */
export async function reportCommand(
  runArgument: string,
  flags: ReportFlags,
  io: CliIo,
): Promise<number> {
  const gates = (flags.failUnder ?? []).map(parseGate);
  const spec = storeSpecOf(flags.store, io.cwd);
  checkOutputPaths({
    storePath: storeFileOf(spec),
    cwd: io.cwd,
    outputs: {
      '--json': flags.json,
      '--html': flags.html,
      '--junit': flags.junit,
      '--md': flags.md,
    },
  });
  const accept = { acceptTampered: flags.acceptTampered, io };
  const { store, run } = await openStoredRun(spec, io.cwd, runArgument, accept);
  try {
    const oracleTrials =
      flags.oracle === undefined
        ? undefined
        : await readOracleTrials(store, spec.display, flags.oracle, run, accept);
    return await reportStoredRun({ store, run, spec, gates, oracleTrials }, flags, io);
  } finally {
    await store.close();
  }
}

/** The records of `--oracle RUN`, refused unless it ran the same suite. */
async function readOracleTrials(
  store: RunStore,
  display: string,
  runArgument: string,
  run: RunRecord,
  accept: Parameters<typeof findStoredRun>[3],
): Promise<TrialRecord[]> {
  const oracle = await findStoredRun(store, display, runArgument, accept);
  if (oracle.suite.hash !== run.suite.hash) {
    throw new EndstateError(
      'E_NOT_COMPARABLE',
      `--oracle ${runArgument}: run ${oracle.run_id} ran suite ${oracle.suite.name} (${oracle.suite.hash.slice(0, 12)}), not the suite of run ${run.run_id} (${run.suite.hash.slice(0, 12)})`,
      { hint: 'Pass an oracle run of the same suite: `endstate run SUITE --agent oracle`.' },
    );
  }
  return store.listTrials(oracle.run_id);
}
