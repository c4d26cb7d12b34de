import { describe, expect, it } from 'vitest';
import { createRng } from '../../core/index.js';
import type { TrialEvent } from '../../schema/index.js';
import { successRateInterval } from '../../stats/index.js';
import { summariseAssistance } from './assistance-summary.js';
import type { TrialWithEvents } from './assistance-summary.js';

const hint: TrialEvent = { t_ms: 1, kind: 'assist', type: 'hint', source: 'user.script[0]' };
const takeOver: TrialEvent = {
  t_ms: 2,
  kind: 'assist',
  type: 'take_over',
  source: 'user.script[1]',
  call_id: 'c2',
};

const trial = (task_id: string, success: boolean, events: TrialEvent[] = []): TrialWithEvents => ({
  task_id,
  success,
  events,
});

/**
 * Worked by hand: task a has 4 trials (2 unassisted successes, 1 success
 * with a hint, 1 failure with a take-over); task b has 2 trials, both
 * successes with help (one with a hint and a take-over).
 * Unassisted: (2/4 + 0/2) / 2 = 0.25. Assisted: (1/4 + 2/2) / 2 = 0.625.
 * Success: (3/4 + 2/2) / 2 = 0.875. Helped: (2/4 + 2/2) / 2 = 0.75.
 * Assistances: 3 hints + 2 take-overs = 5 over 6 trials.
 */
const example = [
  trial('a', true),
  trial('a', true),
  trial('a', true, [hint]),
  trial('a', false, [takeOver]),
  trial('b', true, [hint]),
  trial('b', true, [hint, takeOver]),
];

describe('summariseAssistance', () => {
  it('splits success into unassisted and assisted over all valid trials (hand-worked example)', () => {
    const summary = summariseAssistance(example)!;
    expect(summary.unassisted_success).toMatchObject({ value: 0.25, successes: 2, trials: 6 });
    expect(summary.assisted_completion).toMatchObject({ value: 0.625, successes: 3, trials: 6 });
    expect(summary.assisted_trials).toMatchObject({ value: 0.75, successes: 4, trials: 6 });
    expect(summary.assistances).toEqual({ hints: 3, take_overs: 2, per_trial: 5 / 6 });
    expect(summary.unassisted_success.value + summary.assisted_completion.value).toBe(0.875);
    expect({ trials: summary.trials, tasks: summary.tasks }).toEqual({ trials: 6, tasks: 2 });
  });

  it('gives each rate the clustered interval of its own per-task counts', () => {
    const summary = summariseAssistance(example)!;
    const unassisted = successRateInterval([
      { successes: 2, trials: 4 },
      { successes: 0, trials: 2 },
    ]);
    const assisted = successRateInterval([
      { successes: 1, trials: 4 },
      { successes: 2, trials: 2 },
    ]);
    expect(summary.unassisted_success.ci95).toEqual([unassisted.lower, unassisted.upper]);
    expect(summary.assisted_completion.ci95).toEqual([assisted.lower, assisted.upper]);
    expect(summary.unassisted_success.ci95[0]).toBeLessThan(0.25);
    expect(summary.unassisted_success.ci95[1]).toBeGreaterThan(0.25);
  });

  it('weights tasks like the headline', () => {
    // a weighs 3: unassisted (3 * 0.5 + 0) / 4 = 0.375; assisted (3 * 0.25 + 1) / 4 = 0.4375.
    const summary = summariseAssistance(example, { weights: { a: 3 } })!;
    expect(summary.unassisted_success.value).toBe(0.375);
    expect(summary.assisted_completion.value).toBe(0.4375);
  });

  it('adds up to the success rate in every run: counts exactly, rates to rounding', () => {
    const rng = createRng(11);
    for (let run = 0; run < 200; run++) {
      const trials: TrialWithEvents[] = [];
      const tasks = 1 + Math.floor(rng.next() * 6);
      const weights: Record<string, number> = {};
      for (let task = 0; task < tasks; task++) {
        weights[`t${task}`] = 0.5 + rng.next() * 3;
        const n = 1 + Math.floor(rng.next() * 7);
        for (let index = 0; index < n; index++) {
          trials.push(trial(`t${task}`, rng.next() < 0.6, rng.next() < 0.4 ? [hint] : []));
        }
      }
      const summary = summariseAssistance(trials, { weights, assistTasks: ['t0'] })!;
      const successes = trials.filter((one) => one.success).length;
      const success = successRateInterval(
        Object.keys(weights).map((task) => {
          const own = trials.filter((one) => one.task_id === task);
          return {
            successes: own.filter((one) => one.success).length,
            trials: own.length,
            weight: weights[task]!,
          };
        }),
      );
      expect(summary.unassisted_success.successes + summary.assisted_completion.successes).toBe(
        successes,
      );
      expect(
        Math.abs(
          summary.unassisted_success.value + summary.assisted_completion.value - success.value,
        ),
      ).toBeLessThan(1e-12);
    }
  });

  it('is null when no task could help and no trial was helped', () => {
    expect(summariseAssistance([trial('a', true), trial('a', false)])).toBeNull();
  });

  it('is shown for a run whose tasks can help even when no trial was helped', () => {
    const summary = summariseAssistance([trial('a', true), trial('a', false)], {
      assistTasks: ['a'],
    })!;
    expect(summary.assist_tasks).toBe(1);
    expect(summary.unassisted_success.value).toBe(0.5);
    expect(summary.assisted_completion.value).toBe(0);
    expect(summary.assistances.per_trial).toBe(0);
  });
});
