import type { CliIo } from './cli-io.js';
import type { CiOutputFlags } from './ci-outputs.js';
import { parseGate } from './parse-gate.js';
import { openStoredRun } from './open-stored-run.js';
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
  const { store, run } = await openStoredRun(spec, io.cwd, runArgument);
  try {
    return await reportStoredRun({ store, run, spec, gates }, flags, io);
  } finally {
    await store.close();
  }
}
