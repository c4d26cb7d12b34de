import cliProgress from 'cli-progress';
import type { RunEvent } from '../run/index.js';
import type { CliIo } from './cli-io.js';

/**
 * Shows a run's progress: a bar on a terminal, a line per 10% otherwise (so
 * logs of long runs show life without flooding).
 */
export function createProgress(io: CliIo): { onEvent(event: RunEvent): void; stop(): void } {
  let bar: cliProgress.SingleBar | undefined;
  let lastDecile = 0;
  let successes = 0;
  let invalid = 0;
  return {
    onEvent(event) {
      if (event.type === 'run-start') {
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
          bar.start(event.plannedTrials, 0, { successes: 0, invalid: 0 });
        }
      }
      if (event.type === 'trial-end') {
        if (event.trial.success) successes++;
        if (!event.trial.valid) invalid++;
        bar?.update(event.completed, { successes, invalid });
        const decile = Math.floor((event.completed / event.plannedTrials) * 10);
        if (bar === undefined && decile > lastDecile) {
          lastDecile = decile;
          io.err(
            `  ${event.completed}/${event.plannedTrials} trials · ${successes} ok · ${invalid} invalid\n`,
          );
        }
      }
    },
    stop() {
      bar?.stop();
    },
  };
}
