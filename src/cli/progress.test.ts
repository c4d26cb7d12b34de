import { describe, expect, it } from 'vitest';
import { buildRun } from '../../test/support/run-fixture.js';
import type { RunEvent } from '../run/index.js';
import type { CliIo } from './cli-io.js';
import { createProgress, formatDuration, formatPace } from './progress.js';

/** A log (not a terminal) and a stopwatch the test moves by hand. */
function harness() {
  const lines: string[] = [];
  const io: CliIo = {
    cwd: '/',
    env: {},
    isTty: false,
    out: () => undefined,
    err: (text) => void lines.push(text),
  };
  const clock = { ms: 0 };
  const progress = createProgress(io, () => {
    const start = clock.ms;
    return { elapsedMs: () => clock.ms - start };
  });
  return { lines, clock, progress };
}

const run = buildRun(['a', 'b'], 5);
const NONE = { successes: 0, invalid: 0 };

function trialEnd(completed: number, success: boolean, plannedTrials = 10): RunEvent {
  return {
    type: 'trial-end',
    trial: {
      trial_id: `t${completed}`,
      task_id: 'a',
      attempt: completed,
      rerun: 0,
      success,
      valid: true,
      terminal_reason: 'success',
      exit_reason: 'finished',
    },
    completed,
    plannedTrials,
    willRerun: false,
  };
}

describe('createProgress in a log', () => {
  it('writes a line per tenth with time spent and left, then the pace of the run', () => {
    const { lines, clock, progress } = harness();
    clock.ms = 5_000; // before the run: not counted
    progress.onEvent({ type: 'run-start', run, plannedTrials: 10, alreadyDone: 0, stored: NONE });
    for (let completed = 1; completed <= 10; completed++) {
      clock.ms += 2_000;
      progress.onEvent(trialEnd(completed, completed % 2 === 1));
    }
    clock.ms += 1_000; // committing and finishing the run
    progress.onEvent({ type: 'run-end', run });
    expect(lines[0]).toBe(`${run.run_id}: 10 trials (2 tasks × 5)\n`);
    expect(lines[1]).toBe('  1/10 trials · 1 ok · 0 invalid · 2.0 s · about 18.0 s left\n');
    expect(lines[4]).toBe('  4/10 trials · 2 ok · 0 invalid · 8.0 s · about 12.0 s left\n');
    expect(lines[10]).toBe('  10/10 trials · 5 ok · 0 invalid · 20.0 s\n');
    expect(lines[11]).toBe('10 trials in 21.0 s (2.1 s per trial)\n');
    expect(lines).toHaveLength(12);
  });

  it('counts the stored trials in ok and invalid, and only the new ones in the pace, on a resume', () => {
    const { lines, clock, progress } = harness();
    progress.onEvent({
      type: 'run-start',
      run,
      plannedTrials: 10,
      alreadyDone: 6,
      stored: { successes: 4, invalid: 1 },
    });
    for (let completed = 7; completed <= 10; completed++) {
      clock.ms += 250;
      progress.onEvent(trialEnd(completed, true));
    }
    progress.onEvent({ type: 'run-end', run });
    // 7/10 is the first tenth crossed: 1 trial ran in 250 ms, 3 are left.
    expect(lines[1]).toBe('  7/10 trials · 5 ok · 1 invalid · 250 ms · about 750 ms left\n');
    expect(lines[4]).toBe('  10/10 trials · 8 ok · 1 invalid · 1.0 s\n');
    expect(lines.at(-1)).toBe('4 trials in 1.0 s (4 trials/s)\n');
  });

  it('says nothing about pace when the run ran no trial', () => {
    const { lines, progress } = harness();
    progress.onEvent({ type: 'run-start', run, plannedTrials: 10, alreadyDone: 10, stored: NONE });
    progress.onEvent({ type: 'run-end', run });
    expect(lines).toEqual([`${run.run_id}: 10 trials (2 tasks × 5)\n`]);
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0 ms'],
    [999.4, '999 ms'],
    [1_000, '1.0 s'],
    [4_249, '4.2 s'],
    [59_940, '59.9 s'],
    [60_000, '1 min 0 s'],
    [200_400, '3 min 20 s'],
    [3_599_400, '59 min 59 s'],
    [3_599_600, '1 h 0 min'],
    [7_500_000, '2 h 5 min'],
  ])('%d ms reads %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});

describe('formatPace', () => {
  it('gives trials per second from one a second up, else seconds per trial', () => {
    expect(formatPace(5_080, 1_050)).toBe('4,838 trials/s');
    expect(formatPace(3, 3_000)).toBe('1 trials/s');
    expect(formatPace(40, 200_000)).toBe('5.0 s per trial');
  });
});
