import { describe, expect, it } from 'vitest';
import type { RunRecord, TrialRecord } from '../../schema/index.js';
import { buildRunRecord } from '../../testing/build-run-record.js';
import { buildTrialRecord } from '../../testing/build-trial-record.js';
import { buildBoard } from './build-board.js';
import { renderBoardTerminal } from '../rendering/render-board-terminal.js';
import { renderBoardMarkdown } from '../rendering/render-board-markdown.js';

const TASKS = ['t1', 't2', 't3'];

/**
 * A run of the simulated agent at `slip` whose task i succeeds in the first
 * `successes[i]` of its `k` trials, each attempt costing `costUsd`.
 */
function runOf(
  runId: string,
  options: {
    slip: number;
    successes: readonly number[];
    k?: number;
    costUsd?: number | null;
    record?: Parameters<typeof buildRunRecord>[1];
  },
): { run: RunRecord; trials: TrialRecord[] } {
  const k = options.k ?? 4;
  const run = buildRunRecord(TASKS, {
    run_id: runId,
    system_hash: `${runId}`.padEnd(64, '0'),
    trials_per_task: k,
    agentOptions: { slip: options.slip },
    ...options.record,
  });
  const trials = TASKS.flatMap((task_id, task) =>
    Array.from({ length: k }, (_, index) => {
      const base = buildTrialRecord({ task_id, attempt: index + 1, run_id: runId });
      return {
        ...base,
        ...buildTrialRecord({
          task_id,
          attempt: index + 1,
          run_id: runId,
          success: index < (options.successes[task] ?? 0),
        }),
        usage: { ...base.usage, cost_usd: options.costUsd === undefined ? 0.01 : options.costUsd },
      };
    }),
  );
  return { run, trials };
}

describe('buildBoard', () => {
  it('ranks runs by success, marks the frontier on cost per trial, and names each run by what differs', () => {
    const set = buildBoard([
      runOf('cheap', { slip: 0.4, successes: [2, 2, 1], costUsd: 0.01 }),
      runOf('strong', { slip: 0.05, successes: [4, 4, 3], costUsd: 0.03 }),
      runOf('wasteful', { slip: 0.2, successes: [2, 1, 1], costUsd: 0.05 }),
    ]);
    expect(set.boards).toHaveLength(1);
    const board = set.boards[0]!;
    // Task-weighted success: (4/4 + 4/4 + 3/4)/3, (2/4 + 2/4 + 1/4)/3, (2/4 + 1/4 + 1/4)/3.
    expect(board.runs.map((run) => [run.run_id, run.success_rate.value])).toEqual([
      ['strong', 11 / 12],
      ['cheap', 5 / 12],
      ['wasteful', 4 / 12],
    ]);
    expect(board.frontier).toEqual(['cheap', 'strong']);
    expect(board.runs.map((run) => run.frontier)).toEqual(['frontier', 'frontier', 'dominated']);
    expect(board.runs[2]!.dominated_by).toEqual(['cheap', 'strong']);
    expect(board.runs[0]!.cost.per_trial_usd).toBeCloseTo(0.03, 12);
    expect(board.runs[0]!.cost.per_success_usd).toBeCloseTo((0.03 * 12) / 11, 12);
    expect(board.runs.map((run) => run.label)).toEqual([
      'simulated:simulated@1 slip=0.05',
      'simulated:simulated@1 slip=0.4',
      'simulated:simulated@1 slip=0.2',
    ]);
    // pass^4 of a task with c of 4 successes is C(c,4)/C(4,4): 1 only when all four passed.
    expect(board.k).toBe(4);
    expect(board.runs[0]!.pass_hat_k!.value).toBeCloseTo(2 / 3, 12);
    expect(board.notes).toEqual([]);
  });

  it('puts runs under other faults or modes on boards of their own, saying why', () => {
    const faults = { faults: [{ kind: 'timeout' as const, times: 1, delay_ms: 5 }], inject: [] };
    const set = buildBoard([
      runOf('a', { slip: 0.1, successes: [4, 3, 2] }),
      runOf('flaky', { slip: 0.1, successes: [2, 3, 2], record: { faults } }),
      runOf('b', { slip: 0.3, successes: [1, 3, 2] }),
      runOf('no-user', {
        slip: 0.1,
        successes: [1, 1, 2],
        record: { system: { mode: 'no-user' } },
      }),
    ]);
    expect(set.boards.map((board) => board.runs.map((run) => run.run_id))).toEqual([
      ['a', 'b'],
      ['flaky'],
      ['no-user'],
    ]);
    expect(set.boards[1]!.differs_from).toEqual([
      {
        board: 1,
        differences: [{ setting: 'faults', a: 'none', b: expect.stringMatching(/^timeout \(/) }],
      },
    ]);
    expect(
      set.boards[2]!.differs_from.map((other) => other.differences.map((d) => d.setting)),
    ).toEqual([['mode'], ['mode', 'faults']]);
    const text = renderBoardTerminal(set);
    expect(text).toContain('  differs from board 1 in mode (board 1 dialogue; board 3 no-user)');
    expect(text).toContain('Runs on different boards are not ranked together');
    expect(renderBoardMarkdown(set)).toContain('#### Board 3');
  });

  it('lists a run of unknown cost without placing it, and shows pass^k at the k every run reached', () => {
    const set = buildBoard([
      runOf('priced', { slip: 0.1, successes: [2, 2, 1], k: 2 }),
      runOf('unpriced', { slip: 0.3, successes: [4, 4, 4], costUsd: null }),
    ]);
    const board = set.boards[0]!;
    expect(board.k).toBe(2);
    expect(board.runs.map((run) => [run.run_id, run.frontier])).toEqual([
      ['unpriced', 'unknown-cost'],
      ['priced', 'frontier'],
    ]);
    expect(board.frontier).toEqual(['priced']);
    expect(board.notes).toEqual([
      '1 run(s) with an unknown cost (a model no pricing table priced; --pricing FILE prices it) are listed but not placed on the frontier: unpriced',
      'the runs played 2, 4 trials per task: pass^k is shown at k = 2, the largest every run reached',
    ]);
    const row = renderBoardTerminal(set)
      .split('\n')
      .find((line) => line.includes('unpriced') && line.includes('not placed'));
    expect(row).toMatch(/unknown .* unknown .* not placed: cost unknown/);
  });

  it('places a single run, and runs that all fail at 0%, cheapest on the frontier', () => {
    const single = buildBoard([runOf('only', { slip: 0.1, successes: [1, 0, 0] })]).boards[0]!;
    expect(single.frontier).toEqual(['only']);
    const failing = buildBoard([
      runOf('cheap', { slip: 0.9, successes: [0, 0, 0], costUsd: 0.01 }),
      runOf('dear', { slip: 0.8, successes: [0, 0, 0], costUsd: 0.02 }),
    ]).boards[0]!;
    expect(failing.frontier).toEqual(['cheap']);
    expect(failing.runs.map((run) => run.cost.per_success_usd)).toEqual([null, null]);
    expect(failing.runs.map((run) => run.pass_hat_k!.value)).toEqual([0, 0]);
  });
});
