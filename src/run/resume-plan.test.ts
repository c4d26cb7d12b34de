import { describe, expect, it } from 'vitest';
import type { Task } from '../task/index.js';
import { planAttempts } from './resume-plan.js';

const tasks = [{ id: 'a' }, { id: 'b' }] as unknown as Task[];
const stored = (task_id: string, attempt: number, rerun: number, valid: boolean) => ({
  task_id,
  attempt,
  rerun,
  valid,
});

describe('planAttempts', () => {
  it('plans every attempt from rerun 0 for a new run', () => {
    const plan = planAttempts(tasks, 2, 2);
    expect(plan.done).toBe(0);
    expect(plan.pending.map((p) => [p.task.id, p.attempt, p.firstRerun])).toEqual([
      ['a', 1, 0],
      ['a', 2, 0],
      ['b', 1, 0],
      ['b', 2, 0],
    ]);
  });

  it('skips finished attempts and goes on after the last stored rerun', () => {
    const plan = planAttempts(tasks, 3, 2, [
      stored('a', 1, 0, true), // done
      stored('a', 2, 0, false), // invalid: goes on at rerun 1
      stored('b', 1, 0, false),
      stored('b', 1, 1, false),
      stored('b', 1, 2, false), // reruns used up: done, invalid
      stored('b', 3, 1, true), // done (rerun 0 never committed, yet rerun 1 was)
    ]);
    expect(plan.done).toBe(3);
    expect(plan.pending.map((p) => [p.task.id, p.attempt, p.firstRerun])).toEqual([
      ['a', 2, 1],
      ['a', 3, 0],
      ['b', 2, 0],
    ]);
  });
});
