import { EndstateError } from '../core/index.js';
import { DEFAULT_ICC, DEFAULT_TRIALS_PER_TASK, sampleSize } from '../stats/index.js';
import type { IntraTaskCorrelationStatus, SampleSizeTarget } from '../stats/index.js';
import type { CliIo } from './cli-io.js';
import { readPilotRun } from './read-pilot-run.js';
import type { PilotRun } from './read-pilot-run.js';
import { renderPlan } from './render-plan.js';
import type { PlanInput, PlanInputs } from './render-plan.js';
import { storeSpecOf } from './store-path.js';

export interface PlanFlags {
  /** Left out: the pilot run's success rate (--from), else a usage error. */
  readonly p?: number;
  readonly delta?: number;
  readonly width?: number;
  /** Left out: the pilot run's trials per task, else {@link DEFAULT_TRIALS_PER_TASK}. */
  readonly trials?: number;
  /** Left out: the pilot run's estimate, else {@link DEFAULT_ICC}, and the output says which. */
  readonly icc?: number;
  readonly alpha: number;
  readonly power: number;
  readonly correlation: number;
  /** A stored pilot run (id, `latest` or `latest~N`) to take p, r and k from. */
  readonly from?: string;
  readonly store?: string;
}

/**
 * `endstate plan (--p P | --from RUN) (--delta D | --width W) [--trials k]
 * [--icc r]`: the number of tasks a suite needs to detect a difference D
 * between two systems (paired on the same tasks) or to measure one
 * system's success rate to within ±W, with k trials per task whose
 * outcomes correlate (r) within the task. `--from` takes p, r and k from a
 * stored pilot run; flags given override it. Prints where each input came
 * from, the formula with its inputs and how the number changes with k. The
 * formulas are {@link sampleSize}'s.
 */
export async function planCommand(flags: PlanFlags, io: CliIo): Promise<number> {
  const pilot =
    flags.from === undefined
      ? undefined
      : await readPilotRun(storeSpecOf(flags.store, io.cwd), flags.from, io);
  const inputs = resolveInputs(flags, pilot);
  const target = targetOf(flags, inputs);
  io.out(`${renderPlan({ target, plan: sampleSize(target), inputs }).join('\n')}\n`);
  return 0;
}

/** p, k and r from the flags, else the pilot run, else the defaults, each with its source. */
function resolveInputs(flags: PlanFlags, pilot: PilotRun | undefined): PlanInputs {
  const fromRun = pilot === undefined ? '' : `pilot run ${pilot.runId}`;
  return {
    p: resolveRate(flags.p, pilot, fromRun),
    trialsPerTask:
      flags.trials !== undefined
        ? { value: flags.trials, source: '--trials' }
        : pilot !== undefined
          ? { value: pilot.trialsPerTask, source: `${fromRun}: its trials per task` }
          : { value: DEFAULT_TRIALS_PER_TASK, source: 'default' },
    icc:
      flags.icc !== undefined
        ? { value: flags.icc, source: '--icc' }
        : pilot !== undefined
          ? pilotIcc(pilot, fromRun)
          : {
              value: DEFAULT_ICC,
              source: 'default guess (set --icc, or --from a pilot run to measure it)',
              isGuess: true,
            },
  };
}

function resolveRate(
  p: number | undefined,
  pilot: PilotRun | undefined,
  fromRun: string,
): PlanInput {
  if (p !== undefined) return { value: p, source: '--p' };
  if (pilot === undefined) {
    throw new EndstateError('E_USAGE', 'plan needs --p, or --from a stored pilot run', {
      hint: 'Give --p P, the expected success rate, or --from latest to take it from a run.',
    });
  }
  const { successRate: rate, tasks } = pilot;
  if (!(rate > 0 && rate < 1)) {
    throw new EndstateError(
      'E_USAGE',
      `pilot run ${pilot.runId} has a success rate of ${rate} over ${tasks} task(s): plan needs one strictly between 0 and 1`,
      { hint: 'Give --p P, the success rate you expect of the system to plan for.' },
    );
  }
  return { value: rate, source: `${fromRun}: task-weighted success rate over ${tasks} tasks` };
}

const UNESTIMATED: Record<Exclude<IntraTaskCorrelationStatus, 'estimated'>, string> = {
  'too-few-tasks': 'it has fewer than two tasks with valid trials',
  'one-trial-per-task':
    'it has one valid trial per task, so trials of a task cannot be compared with each other',
  'no-variation': 'every valid trial has the same outcome',
};

/** The pilot's intra-task correlation, or the default with the reason it could not be measured. */
function pilotIcc(pilot: PilotRun, fromRun: string): PlanInput {
  const { icc } = pilot;
  if (icc.status === 'estimated') {
    const clipped = icc.rawIcc < 0 ? ` (the estimate ${short(icc.rawIcc)} clipped to 0)` : '';
    return {
      value: icc.icc,
      source: `${fromRun}: intra-task correlation of ${icc.trials} valid trials over ${icc.tasks} tasks${clipped}`,
    };
  }
  return {
    value: DEFAULT_ICC,
    source: `default guess: ${fromRun} cannot estimate it (${UNESTIMATED[icc.status]}); set --icc`,
    isGuess: true,
  };
}

const short = (value: number): string => String(Number(value.toFixed(4)));

/** The sample-size question the flags ask, after the checks no single option can make. */
function targetOf(flags: PlanFlags, inputs: PlanInputs): SampleSizeTarget {
  const { alpha } = flags;
  const p = inputs.p.value;
  const trialsPerTask = inputs.trialsPerTask.value;
  const icc = inputs.icc.value;
  if ((flags.delta === undefined) === (flags.width === undefined)) {
    throw new EndstateError('E_USAGE', 'plan needs exactly one of --delta and --width', {
      hint: 'Give --delta D for the difference between two systems to detect, or --width W for the ± half-width of one success rate.',
    });
  }
  if (flags.width !== undefined) {
    return { type: 'width', p, halfWidth: flags.width, trialsPerTask, icc, alpha };
  }
  const delta = flags.delta ?? Number.NaN;
  if (p + delta > 1 && p - delta < 0) {
    throw new EndstateError(
      'E_USAGE',
      `--delta ${delta} is impossible from p = ${short(p)} (${inputs.p.source}): both p + ${delta} and p − ${delta} leave [0, 1]`,
      { hint: 'Give a difference no larger than max(p, 1 − p).' },
    );
  }
  if (flags.power <= alpha / 2) {
    throw new EndstateError('E_USAGE', `--power ${flags.power} must exceed α/2 = ${alpha / 2}`, {
      hint: 'Power is usually 0.8 or 0.9.',
    });
  }
  const { power, correlation } = flags;
  return { type: 'difference', p, delta, trialsPerTask, icc, alpha, power, correlation };
}
