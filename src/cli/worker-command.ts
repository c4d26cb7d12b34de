import { resolve } from 'node:path';
import type { PlayedSystem, WorkerEvent } from '../queue/index.js';
import type { RunRecord } from '../schema/index.js';
import { openStore } from '../store/index.js';
import { loadSuite } from '../task/index.js';
import type { Suite } from '../task/index.js';
import { planRun } from '../run/index.js';
import type { RunModels } from '../run/index.js';
import type { CliIo } from './cli-io.js';
import { loadPricingFlag, wireModels } from './model-wiring.js';
import type { ModelWiringFlags } from './model-wiring.js';
import { loadQueue } from './load-queue.js';
import { agentBuildContext } from './select-agent.js';
import { hiddenStoreFileOf, storeSpecOf } from './store-path.js';

export interface WorkerFlags extends ModelWiringFlags {
  /** `redis://…`, as given to `endstate run --queue`. */
  readonly queue: string;
  /** Trials played at once. */
  readonly concurrency: number;
  /** The suite folder on this machine, when it is not where the coordinator had it. */
  readonly suite?: string;
  /** Milliseconds a job's hold lasts without renewal. */
  readonly lockDuration: number;
  /** Milliseconds between checks for jobs whose worker went silent. */
  readonly stalledInterval: number;
}

/**
 * `endstate worker --queue redis://…`: plays queued trials until SIGINT or
 * SIGTERM, then lets the trials in flight finish and exits 0 (a second
 * signal exits at once). The system under test comes from each run's
 * stored system spec, never from flags; the flags set only how models are
 * reached (retries, timeouts, limits, pricing, recording).
 */
export async function workerCommand(flags: WorkerFlags, io: CliIo): Promise<number> {
  // Checked before any job is taken, though only the jobs of model agents are priced.
  const pricing = loadPricingFlag(flags.pricing, io);
  const {
    checkQueueReachable,
    createJobPlayer,
    openSharedRequestLimits,
    parseQueueAddress,
    startWorker,
  } = await loadQueue('endstate worker');
  const address = parseQueueAddress(flags.queue);
  await checkQueueReachable(address);
  // The request limits hold across every worker: kept in the queue's Redis, set by each run.
  const shared = openSharedRequestLimits(address, (error) =>
    io.err(`warning: the shared request limits: ${error.message}\n`),
  );
  const wirings = new Map<string, ReturnType<typeof wireModels>>();
  const wiringOf = (run: RunRecord): ReturnType<typeof wireModels> => {
    let wiring = wirings.get(run.run_id);
    if (wiring === undefined) {
      wiring = wireModels(withRunLimits(flags, run), io, {
        limiterFor: shared.limiterFor,
        pricing,
      });
      wirings.set(run.run_id, wiring);
    }
    return wiring;
  };
  // A suite named here is loaded before any job is taken: its problems stop the worker
  // at once (exit 2), and its first jobs do not wait for it.
  const given =
    flags.suite === undefined
      ? undefined
      : await loadSuite(resolve(io.cwd, flags.suite), { displayPath: flags.suite });
  const player = createJobPlayer({
    openStore: (spec) => openStore(spec, io.cwd),
    loadSuite: (path) =>
      given === undefined ? loadSuite(path, { displayPath: path }) : Promise.resolve(given),
    buildSystem: (run, suite, store) => {
      const wiring = wiringOf(run);
      return buildSystem(run, suite, {
        cwd: io.cwd,
        store: hiddenStoreFileOf(storeSpecOf(store, io.cwd), io.cwd),
        models: { callerFor: (ref) => wiring.callerFor(ref) },
      }).then((system) => ({ ...system, stop: () => wiring.refusal() }));
    },
  });
  const worker = startWorker({
    address,
    concurrency: flags.concurrency,
    stall: { lockDurationMs: flags.lockDuration, stalledIntervalMs: flags.stalledInterval },
    play: (data) => player.play(data),
    onEvent: (event) => report(event, io),
  });
  await new Promise<void>((done) => {
    let stopping = false;
    const onSignal = (signal: NodeJS.Signals): void => {
      if (stopping) process.exit(signal === 'SIGINT' ? 130 : 143);
      stopping = true;
      io.err(`${signal}: finishing the trials in flight (again to stop at once)\n`);
      void worker
        .close()
        .then(() => player.close())
        .then(() => shared.close())
        .finally(() => {
          process.removeListener('SIGINT', onSignal);
          process.removeListener('SIGTERM', onSignal);
          done();
        });
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    // Ready only once Ctrl-C is handled: a Ctrl-C right after this line stops in order.
    io.err(
      `worker on ${address.shown} (queue ${address.name}), ${flags.concurrency} trial(s) at a time; Ctrl-C finishes the trials in flight and stops\n`,
    );
  });
  io.err('worker stopped\n');
  return 0;
}

/**
 * The limits a run was started with (`--max-concurrent-requests`,
 * `--requests-per-minute` given to `endstate run`, kept in its record) over
 * the worker's own, which serve runs recorded without them.
 */
export function withRunLimits(flags: ModelWiringFlags, run: RunRecord): ModelWiringFlags {
  const limits = run.request_limits;
  if (limits === undefined) return flags;
  const { requestsPerMinute: _unused, ...rest } = flags;
  return {
    ...rest,
    maxConcurrentRequests: limits.max_concurrent_requests,
    ...(limits.requests_per_minute === undefined
      ? {}
      : { requestsPerMinute: limits.requests_per_minute }),
  };
}

/**
 * The system a run's stored spec describes (agent, simulated users and
 * judge): the run's plan, rebuilt from its record alone.
 */
async function buildSystem(
  run: RunRecord,
  suite: Suite,
  context: { readonly cwd: string; readonly store: string; readonly models: RunModels },
): Promise<PlayedSystem> {
  const hidden = { cwd: context.cwd, suite: suite.path, store: context.store };
  const { callerFor: _sameFactory, ...agentContext } = agentBuildContext(
    context.cwd,
    hidden,
    context.models.callerFor,
  );
  const plan = await planRun({ context: { ...agentContext, models: context.models } }, suite, {
    run,
  });
  return { agent: plan.agent, users: plan.users?.factory, judge: plan.judge?.forTrial };
}

/** One line per trial played, one per job failure. */
function report(event: WorkerEvent, io: CliIo): void {
  if (event.type === 'job-end') {
    for (const trial of event.result.trials) {
      const rerun = trial.rerun > 0 ? ` rerun ${trial.rerun}` : '';
      const verdict = !trial.valid
        ? `invalid (${trial.terminal_reason})`
        : trial.success
          ? 'success'
          : `failure (${trial.terminal_reason})`;
      io.out(`${trial.task_id} #${trial.attempt}${rerun}: ${verdict}\n`);
    }
  } else if (event.type === 'job-failed') {
    io.err(
      `job ${event.jobId} failed${event.willRetry ? ' (the queue will retry it)' : ''}: ${event.error.message}\n`,
    );
  } else {
    io.err(`queue error: ${event.error.message}\n`);
  }
}
