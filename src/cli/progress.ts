import cliProgress from 'cli-progress';
import type { Stopwatch } from '../core/index.js';
import { startStopwatch } from '../core/index.js';
import type { RunEvent } from '../run/index.js';
import type { CliIo } from './cli-io.js';

/**
 * Shows a run's progress: a bar on a terminal, a line per 10% otherwise (so
 * logs of long runs show life without flooding), each with the time spent
 * and an estimate of the time left; at the end, how long the trials this
 * process ran took and their pace. The stopwatch starts with the run.
 */
export function createProgress(
  io: CliIo,
  startWatch: () => Stopwatch = startStopwatch,
): { onEvent(event: RunEvent): void; stop(): void } {
  let bar: cliProgress.SingleBar | undefined;
  let watch: Stopwatch | undefined;
  let lastDecile = 0;
  let alreadyDone = 0;
  let completed = 0;
  let successes = 0;
  let invalid = 0;
  return {
    onEvent(event) {
      if (event.type === 'run-start') {
        watch = startWatch();
        alreadyDone = event.alreadyDone;
        completed = event.alreadyDone;
        successes = event.stored.successes;
        invalid = event.stored.invalid;
        io.err(
          `${event.run.run_id}: ${event.plannedTrials} trials (${event.run.suite.task_ids.length} tasks × ${event.run.trials_per_task})\n`,
        );
        if (io.isTty) {
          bar = new cliProgress.SingleBar(
            {
              format:
                'trials {bar} {value}/{total} · {successes} ok · {invalid} invalid · {eta_formatted} left',
              hideCursor: true,
            },
            cliProgress.Presets.shades_classic,
          );
          bar.start(event.plannedTrials, event.alreadyDone, { successes, invalid });
        }
      }
      if (event.type === 'trial-end') {
        completed = event.completed;
        if (event.trial.success) successes++;
        if (!event.trial.valid) invalid++;
        bar?.update(event.completed, { successes, invalid });
        const decile = Math.floor((event.completed / event.plannedTrials) * 10);
        if (bar === undefined && decile > lastDecile) {
          lastDecile = decile;
          const elapsedMs = watch?.elapsedMs() ?? 0;
          const ran = event.completed - alreadyDone;
          const left =
            ran > 0 && event.completed < event.plannedTrials
              ? ` · about ${formatDuration((elapsedMs / ran) * (event.plannedTrials - event.completed))} left`
              : '';
          io.err(
            `  ${event.completed}/${event.plannedTrials} trials · ${successes} ok · ${invalid} invalid · ${formatDuration(elapsedMs)}${left}\n`,
          );
        }
      }
      if (event.type === 'run-end') {
        bar?.stop();
        bar = undefined;
        const ran = completed - alreadyDone;
        if (watch !== undefined && ran > 0) {
          const elapsedMs = watch.elapsedMs();
          io.err(`${ran} trials in ${formatDuration(elapsedMs)} (${formatPace(ran, elapsedMs)})\n`);
        }
      }
    },
    stop() {
      bar?.stop();
    },
  };
}

/** A duration as a person reads it: `850 ms`, `4.2 s`, `3 min 20 s`, `2 h 5 min`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const wholeSeconds = Math.round(seconds);
  if (wholeSeconds < 3600) return `${Math.floor(wholeSeconds / 60)} min ${wholeSeconds % 60} s`;
  const minutes = Math.round(seconds / 60);
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** Trials per second when there is at least one a second, else seconds per trial. */
export function formatPace(trials: number, ms: number): string {
  const perSecond = (trials * 1000) / ms;
  return perSecond >= 1
    ? `${Math.round(perSecond).toLocaleString('en-US')} trials/s`
    : `${(ms / 1000 / trials).toFixed(1)} s per trial`;
}
