import type { Agent } from '../agent/index.js';
import { EndstateError } from '../core/index.js';
import type { JudgeCaller, RunRecord, TrialIdentity, TrialRecord } from '../schema/index.js';
import { outlineOf, runAttempt } from '../run/index.js';
import type { TrialOutline } from '../run/index.js';
import type { RunStore } from '../store/index.js';
import type { Suite } from '../task/index.js';
import type { UserFactory } from '../user/index.js';
import type { QueueJobData } from './queue-job.js';

/** The system under test as a stored run's system spec describes it, built by the shell. */
export interface PlayedSystem {
  readonly agent: Agent;
  readonly users?: UserFactory | undefined;
  readonly judge?: ((trial: TrialIdentity) => JudgeCaller) | undefined;
  /** An error that stops further tries (a provider refusing every request), if any. */
  readonly stop?: () => Error | undefined;
}

/** What a worker needs from the shell: opening stores, loading suites, building systems. */
export interface JobPlayerContext {
  readonly openStore: (spec: string) => Promise<RunStore>;
  readonly loadSuite: (path: string) => Promise<Suite>;
  /** The agent, users and judge, from the run's stored system spec alone (`store`: the job's store). */
  readonly buildSystem: (run: RunRecord, suite: Suite, store: string) => Promise<PlayedSystem>;
}

/** What a played job returns to the queue (and so to the coordinator): its trials, outlined. */
export interface JobResult {
  readonly trials: readonly TrialOutline[];
}

export interface JobPlayer {
  play(data: QueueJobData): Promise<JobResult>;
  /** Closes every store it opened. */
  close(): Promise<void>;
}

/** A cache of promises that forgets a rejected one, so a job's retry tries again. */
function cacheOf<T>(): (key: string, make: () => Promise<T>) => Promise<T> {
  const entries = new Map<string, Promise<T>>();
  return (key, make) => {
    let entry = entries.get(key);
    if (entry === undefined) {
      entry = make();
      entries.set(key, entry);
      entry.catch(() => entries.delete(key));
    }
    return entry;
  };
}

/**
 * Plays queued attempts: opens the job's store (once per store), reads the
 * run (once per run), loads the suite (once per folder) and refuses one
 * whose content hash is not the run's, builds the system from the run's
 * stored spec (once per run), plays the attempt with its reruns exactly
 * as a local run would, and stores every trial. The store keeps the first
 * record of each identity, so a job played twice (its worker was lost
 * after storing) stores each trial once.
 */
export function createJobPlayer(context: JobPlayerContext): JobPlayer {
  const stores = cacheOf<RunStore>();
  const runs = cacheOf<RunRecord>();
  const suites = cacheOf<Suite>();
  const systems = cacheOf<PlayedSystem>();
  const opened: Promise<RunStore>[] = [];
  return {
    async play(data) {
      const store = await stores(data.store, () => {
        const opening = context.openStore(data.store);
        opened.push(opening);
        return opening;
      });
      const run = await runs(`${data.store}\u0000${data.run_id}`, async () => {
        const found = await store.getRun(data.run_id);
        if (found !== undefined) return found;
        throw new EndstateError('E_RUN_NOT_FOUND', `no run ${data.run_id} in store ${data.store}`, {
          hint: 'The worker must reach the store the coordinator used (for SQLite: the same machine and path).',
        });
      });
      const suite = await suites(data.suite_path, () => context.loadSuite(data.suite_path));
      checkSuite(suite, run, data);
      const task = suite.tasks.find((candidate) => candidate.id === data.task_id);
      if (task === undefined) {
        throw new EndstateError(
          'E_SUITE_CHANGED',
          `suite ${data.suite_path} has no task ${data.task_id} of run ${run.run_id}`,
        );
      }
      const system = await systems(`${data.store}\u0000${run.run_id}`, () =>
        context.buildSystem(run, suite, data.store),
      );
      const outlines: TrialOutline[] = [];
      const writes: Promise<void>[] = [];
      try {
        await runAttempt({
          task,
          attempt: data.attempt,
          firstRerun: data.first_rerun,
          environment: suite.environment,
          agent: system.agent,
          run,
          suiteHash: suite.hash,
          users: system.users,
          judge: system.judge,
          runFaults: run.faults,
          ...(system.stop === undefined ? {} : { shouldStop: system.stop }),
          onTrial: (record: TrialRecord) => {
            writes.push(store.putTrial(record));
            outlines.push(outlineOf(record));
          },
        });
      } finally {
        // Every write settles before the job ends, stored or failed: committed
        // now, not at the store's next group commit, which the job would wait for.
        store.flush?.();
        await Promise.allSettled(writes);
      }
      await Promise.all(writes);
      return { trials: outlines };
    },
    async close() {
      const settled = await Promise.allSettled(opened);
      for (const result of settled) {
        if (result.status === 'fulfilled') await result.value.close();
      }
    },
  };
}

/** The suite a worker found must be the run's, byte for byte: else its trials would grade other tasks. */
function checkSuite(suite: Suite, run: RunRecord, data: QueueJobData): void {
  if (suite.hash === data.suite_hash && suite.hash === run.suite.hash) return;
  throw new EndstateError(
    'E_SUITE_CHANGED',
    `suite ${suite.path} has content hash ${suite.hash.slice(0, 12)}, run ${run.run_id} was planned on ${run.suite.hash.slice(0, 12)}`,
    {
      hint: 'Give every worker the same suite content (the same commit), e.g. endstate worker --suite DIR.',
    },
  );
}
