import { expect } from 'vitest';
import { clusteredUpperBound } from '../../src/stats/clustered-upper-bound.js';
import type { TaskEventCounts } from '../../src/stats/clustered-upper-bound.js';

/** `events` events over `tasks` tasks of `trials` each, filling one task before the next, or round-robin. */
function placed(events: number, tasks: number, trials: number, packed: boolean): TaskEventCounts[] {
  const counts = Array.from({ length: tasks }, () => 0);
  for (let event = 0; event < events; event += 1) {
    const task = packed ? Math.floor(event / trials) : event % tasks;
    counts[task] = (counts[task] ?? 0) + 1;
  }
  return counts.map((count) => ({ events: count, trials }));
}

/**
 * Checks that the clustered upper bound never falls as events are added,
 * over equal task sizes of at most `maxTrials` trials in all, and two
 * placements: spread (ρ̂ stays low) and packed (ρ̂ high, and it falls when
 * an event opens a new task). Returns the number of bounds compared.
 */
export function expectRisingAsEventsAdded(maxTrials: number): number {
  let compared = 0;
  for (let tasks = 1; tasks <= maxTrials; tasks += 1) {
    for (let trials = 1; tasks * trials <= maxTrials; trials += 1) {
      const zero = clusteredUpperBound(placed(0, tasks, trials, false)).upper;
      for (const packed of [false, true]) {
        let previous = 0;
        for (let events = 0; events <= tasks * trials; events += 1) {
          const bound = clusteredUpperBound(placed(events, tasks, trials, packed)).upper;
          expect(bound).toBeGreaterThanOrEqual(zero);
          expect(bound, `${events} of ${tasks}×${trials}`).toBeGreaterThanOrEqual(previous);
          previous = bound;
          compared += 1;
        }
      }
    }
  }
  return compared;
}

/**
 * Checks every layout of `tasks` tasks × `trials` trials against each
 * layout with one event more; ρ̂ taken from each layout alone fails this
 * (5,5,1,0,1 → 5,5,1,1,1 at 5 tasks × 5 trials or more). Returns the
 * number of pairs compared.
 */
export function expectRisingWithOneMoreEvent(tasks: number, trials: number): number {
  // Each layout's bound once: every layout is compared with up to `tasks` others.
  const bounds = new Map<string, number>();
  const bound = (events: number[]): number => {
    const key = events.join(',');
    let upper = bounds.get(key);
    if (upper === undefined) {
      upper = clusteredUpperBound(events.map((count) => ({ events: count, trials }))).upper;
      bounds.set(key, upper);
    }
    return upper;
  };
  let compared = 0;
  for (let code = 0; code < (trials + 1) ** tasks; code += 1) {
    const events = Array.from(
      { length: tasks },
      (_, task) => Math.floor(code / (trials + 1) ** task) % (trials + 1),
    );
    for (let task = 0; task < tasks; task += 1) {
      if (events[task] === trials) continue;
      const more = events.map((count, index) => (index === task ? count + 1 : count));
      // Equal up to rounding when the same nested layout gives both bounds.
      expect(bound(more), `${events.join(',')} + 1 in task ${task}`).toBeGreaterThanOrEqual(
        bound(events) - 1e-12,
      );
      compared += 1;
    }
  }
  return compared;
}
