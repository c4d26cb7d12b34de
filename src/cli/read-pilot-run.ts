import { buildScorecard } from '../report/index.js';
import { intraTaskCorrelation } from '../stats/index.js';
import type { IntraTaskCorrelation } from '../stats/index.js';
import { checkRunSeal } from './check-run-seal.js';
import type { CliIo } from './cli-io.js';
import { openStoredRun } from './open-stored-run.js';
import type { StoreSpec } from './store-path.js';

/** What a stored pilot run says about the inputs of a plan. */
export interface PilotRun {
  readonly runId: string;
  /** The run's task-weighted success rate: the mean over tasks of successes / valid trials. */
  readonly successRate: number;
  /** Tasks with at least one valid trial (the ones the rate and the correlation use). */
  readonly tasks: number;
  /** The trials per task the run planned. */
  readonly trialsPerTask: number;
  /** The intra-task correlation of the valid trials, with why it could not be estimated. */
  readonly icc: IntraTaskCorrelation;
}

/**
 * The success rate, trials per task and intra-task correlation of a stored
 * run (an id, `latest` or `latest~N`), from the same per-task counts of
 * valid trials the scorecard uses, once its records match their seals.
 */
export async function readPilotRun(
  spec: StoreSpec,
  runArgument: string,
  io: CliIo,
): Promise<PilotRun> {
  const { store, run } = await openStoredRun(spec, io.cwd, runArgument);
  try {
    // A plan never rests on a run changed outside endstate (E_TAMPERED, exit 2).
    await checkRunSeal(store, run, { storePath: spec.display }, io);
    const scorecard = buildScorecard(run, await store.listTrials(run.run_id));
    const counts = scorecard.tasks
      .filter((task) => task.trials > 0)
      .map(({ successes, trials }) => ({ successes, trials }));
    return {
      runId: run.run_id,
      successRate: scorecard.success_rate.value,
      tasks: counts.length,
      trialsPerTask: run.trials_per_task,
      icc: intraTaskCorrelation(counts),
    };
  } finally {
    await store.close();
  }
}
