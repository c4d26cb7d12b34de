import { resolve } from 'node:path';
import { playRun } from '../run/index.js';
import type { RunEvent, RunPlan, RunQueue } from '../run/index.js';
import type { RunRecord } from '../schema/index.js';
import type { RunStore } from '../store/index.js';
import type { CliIo } from './cli-io.js';
import { guardInterrupts } from './interrupt-guard.js';
import { loadQueue } from './load-queue.js';
import { createProgress } from './progress.js';
import type { RunFlags } from './run-command.js';
import { storeForWorkers, storeSpecOf } from './store-path.js';

/** Where `--queue` has workers play the trials, once Redis answers there (the queue module loads only then). */
export interface ShownQueue {
  readonly queue: RunQueue;
  readonly shown: string;
}

export async function runQueueOf(
  flags: RunFlags,
  io: CliIo,
  suitePath: string,
): Promise<ShownQueue | undefined> {
  if (flags.queue === undefined) return undefined;
  const queueModule = await loadQueue('a run on a queue (--queue)');
  const address = queueModule.parseQueueAddress(flags.queue);
  await queueModule.checkQueueReachable(address);
  const queue = queueModule.createRunQueue({
    address,
    place: {
      store: storeForWorkers(storeSpecOf(flags.store, io.cwd)),
      suitePath: resolve(io.cwd, suitePath),
    },
    ...(flags.queueReconcile === undefined ? {} : { reconcileMs: flags.queueReconcile }),
  });
  return { queue, shown: address.shown };
}

/**
 * The plan played with a progress bar, here (`--concurrency` at a time) or
 * by workers on the queue; Ctrl-C stores what finished and marks the run
 * interrupted, and a model's refusal says how to go on.
 */
export async function playShown(
  plan: RunPlan,
  store: RunStore,
  queue: ShownQueue | undefined,
  io: CliIo,
): Promise<RunRecord> {
  const progress = createProgress(io);
  const guard = guardInterrupts(store, (signal) => {
    progress.stop();
    io.err(interruptedLine(signal, guard.runId, queue !== undefined));
  });
  const onEvent = (event: RunEvent): void => {
    if (event.type === 'run-start') {
      guard.runId = event.run.run_id;
      if (queue !== undefined)
        io.err(`queueing the trials of ${event.run.run_id} on ${queue.shown}\n`);
      if (plan.resume !== undefined) io.err(resumingLine(event));
    }
    progress.onEvent(event);
  };
  try {
    return await playRun(plan, store, {
      ...(queue === undefined ? {} : { queue: queue.queue }),
      stop: () => guard.interruption,
      onEvent,
    }).catch((error: unknown) => {
      // The guard exits once the run is marked interrupted.
      if (error === guard.interruption) return new Promise<never>(() => {});
      progress.stop();
      if (error === plan.refusal() && guard.runId !== undefined) {
        io.err(
          `run ${guard.runId} stopped after a refused model request: its finished trials are stored; once fixed, go on with --resume ${guard.runId}\n`,
        );
      }
      throw error;
    });
  } finally {
    guard.release();
    progress.stop();
  }
}

function interruptedLine(
  signal: NodeJS.Signals,
  runId: string | undefined,
  isQueued: boolean,
): string {
  return isQueued
    ? `\n${signal}: the finished trials of ${runId ?? 'the run'} are stored; queued jobs stay on the queue, and endstate run --resume ${runId ?? 'RUN'} --queue … waits for them\n`
    : `\n${signal}: the finished trials of ${runId ?? 'the run'} are stored\n`;
}

function resumingLine(event: Extract<RunEvent, { type: 'run-start' }>): string {
  return `resuming ${event.run.run_id}: ${event.alreadyDone} of ${event.plannedTrials} trials were stored, ${event.plannedTrials - event.alreadyDone} to run\n`;
}
