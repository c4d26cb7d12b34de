import { describe, expect, it } from 'vitest';
import type { TrialEvent } from '../../schema/index.js';
import { buildFaultEvent, buildTrialRecord } from '../../testing/index.js';
import { summariseFaults } from './fault-summary.js';

/** A fault event; `probability` when its declaration fires at random. */
const fault = (kind: string, probability?: number) =>
  buildFaultEvent(kind, probability === undefined ? {} : { probability });

let attempt = 0;
const trial = (task: string, success: boolean, events: TrialEvent[] = []) =>
  buildTrialRecord({ task_id: task, attempt: ++attempt, success, events });

// Worked example, by hand:
//   task a (timeout at random): fired ✓ ✗, not fired ✓ ✓   → 1/2 vs 2/2
//   task b (timeout at random): fired ✓, not fired ✗ ✓      → 1/1 vs 1/2
//   task c (lost_ack on a set call): fired ✓, not fired ✗   → left out: not drawn at random
//   task d (timeout at random, fired every time): ✗ ✗       → left out: fired in every trial
//   task e (no fault): ✓                                     → not involved
const random = () => [fault('timeout', 0.5)];
const trials = [
  trial('a', true, random()),
  trial('a', false, random()),
  trial('a', true),
  trial('a', true),
  trial('b', true, random()),
  trial('b', false),
  trial('b', true),
  trial('c', true, [fault('lost_ack')]),
  trial('c', false),
  trial('d', false, random()),
  trial('d', false, random()),
  trial('e', true),
];

describe('summariseFaults', () => {
  it('is null when no fault or injection fired', () => {
    expect(summariseFaults([trial('a', true), trial('a', false)])).toBeNull();
  });

  it('counts recovery per kind over every trial in which the kind fired', () => {
    const summary = summariseFaults(trials)!;
    // timeout fired in a1, a2, b1, d1, d2: successes a1 and b1.
    expect(summary.by_kind.timeout).toMatchObject({
      fired: { trials: 5, successes: 2, rate: 0.4 },
      tasks: 3,
    });
    expect(summary.by_kind.lost_ack).toMatchObject({
      fired: { trials: 1, successes: 1, rate: 1 },
      tasks: 1,
    });
  });

  it('compares fired with not fired within the tasks that have both, task-weighted', () => {
    const same = summariseFaults(trials)!.by_kind.timeout!.same_task;
    if (same.type !== 'compared') throw new Error(`expected a comparison, got ${same.reason}`);
    expect(same.tasks).toBe(2);
    // Pooled over a and b: fired a1 a2 b1 (2/3), not fired a3 a4 b2 b3 (3/4).
    expect(same.fired).toEqual({ trials: 3, successes: 2, rate: 2 / 3 });
    expect(same.not_fired).toEqual({ trials: 4, successes: 3, rate: 0.75 });
    // Per task: a 0.5 vs 1, b 1 vs 0.5 → means 0.75 vs 0.75, unlike the pooled 2/3 vs 3/4.
    expect(same.task_mean_fired).toBeCloseTo(0.75, 12);
    expect(same.task_mean_not_fired).toBeCloseTo(0.75, 12);
    expect(same.difference).toBeCloseTo(0, 12);
    // Differences −0.5 and +0.5: sd √0.5, standard error 0.5, t(0.975, 1) = 12.706, so the
    // t interval ±6.35 is cut to the range a difference of rates can take.
    expect(same.difference_ci95).toEqual([-1, 1]);
    expect(same.left_out).toEqual({ fired_in_every_trial: 1, not_drawn_at_random: 0 });
  });

  it('puts a paired t interval over tasks around the task-weighted difference', () => {
    // Per-task differences 0.5, 0, 0.25, 0.25: the hand-worked example of pairedTTest's
    // documentation (mean 0.25, t = √6 on 3 degrees of freedom) gives [−0.0748, 0.5748].
    const at = (task: string, fired: boolean[], notFired: boolean[]) => [
      ...fired.map((success) => trial(task, success, random())),
      ...notFired.map((success) => trial(task, success)),
    ];
    const same = summariseFaults([
      ...at('p', [true], [true, false]),
      ...at('q', [true, false], [true, false]),
      ...at('r', [true, false], [true, false, false, false]),
      ...at('s', [true], [true, true, true, false]),
    ])!.by_kind.timeout!.same_task;
    if (same.type !== 'compared') throw new Error(`expected a comparison, got ${same.reason}`);
    expect(same.difference).toBeCloseTo(0.25, 12);
    expect(same.difference_ci95[0]).toBeCloseTo(-0.0748, 4);
    expect(same.difference_ci95[1]).toBeCloseTo(0.5748, 4);
  });

  it('gives no interval when every task shows the same difference', () => {
    const same = summariseFaults([
      trial('p', true, random()),
      trial('p', true),
      trial('q', false, random()),
      trial('q', false),
    ])!.by_kind.timeout!.same_task;
    expect(same).toMatchObject({ type: 'compared', tasks: 2, difference: 0 });
    expect(same.type === 'compared' && same.difference_ci95.every(Number.isNaN)).toBe(true);
  });

  it('gives no baseline when the fault fires on a set call, and says why', () => {
    const same = summariseFaults(trials)!.by_kind.lost_ack!.same_task;
    expect(same).toEqual({
      type: 'no-baseline',
      reason:
        'no task has trials both with and without it that can be compared: in 1 task(s) it fires on a set call, not at random, so their trials without it are those that never made that call',
      left_out: { fired_in_every_trial: 0, not_drawn_at_random: 1 },
    });
  });

  it('gives no baseline when the fault fired in every trial of its task', () => {
    const same = summariseFaults([trial('d', false, random()), trial('d', true, random())])!.by_kind
      .timeout!.same_task;
    expect(same).toMatchObject({
      type: 'no-baseline',
      left_out: { fired_in_every_trial: 1, not_drawn_at_random: 0 },
    });
    expect(same.type === 'no-baseline' && same.reason).toContain('fired in every trial');
  });

  it('treats a probability of 1 as a set call', () => {
    const same = summariseFaults([trial('a', true, [fault('timeout', 1)]), trial('a', false)])!
      .by_kind.timeout!.same_task;
    expect(same).toMatchObject({ type: 'no-baseline', left_out: { not_drawn_at_random: 1 } });
  });

  it('compares any fault on the same tasks, leaving out a task where one fired on a set call', () => {
    const mixed = [
      ...trials,
      // Task f: a random timeout and a set-call rate limit; no comparison for f.
      trial('f', true, [fault('timeout', 0.5), fault('rate_limit')]),
      trial('f', false),
    ];
    const same = summariseFaults(mixed)!.any_fault.same_task;
    if (same.type !== 'compared') throw new Error(`expected a comparison, got ${same.reason}`);
    expect(same.tasks).toBe(2);
    expect(same.fired).toEqual({ trials: 3, successes: 2, rate: 2 / 3 });
    expect(same.left_out).toEqual({ fired_in_every_trial: 1, not_drawn_at_random: 2 });
  });

  it('never compares trials of different tasks', () => {
    // The fault fires only on task x, which always fails; task y never sees it and always succeeds.
    const summary = summariseFaults([
      trial('x', false, [fault('timeout', 0.5)]),
      trial('x', false, [fault('timeout', 0.5)]),
      trial('y', true),
      trial('y', true),
    ])!;
    expect(summary.any_fault.same_task.type).toBe('no-baseline');
    expect(summary.by_kind.timeout!.same_task.type).toBe('no-baseline');
  });
});
