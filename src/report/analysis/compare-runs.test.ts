import { describe, expect, it } from 'vitest';
import { isEndstateError } from '../../core/index.js';
import type { RunRecord, TrialRecord } from '../../schema/index.js';
import { mcnemarExact } from '../../stats/index.js';
import { buildTrialRecord } from '../../testing/index.js';
import { compareRuns } from './compare-runs.js';
import { renderComparisonMarkdown } from '../rendering/render-comparison-markdown.js';
import { renderComparisonTerminal } from '../rendering/render-comparison-terminal.js';

function run(
  runId: string,
  revisions: Record<string, number>,
  overrides: { slip?: number; trialsPerTask?: number; suite?: Partial<RunRecord['suite']> } = {},
): RunRecord {
  return {
    run_id: runId,
    created_at: '2026-11-30T00:00:00.000Z',
    finished_at: '2026-11-30T00:01:00.000Z',
    status: 'finished',
    suite: {
      name: 'demo',
      path: '/demo',
      hash: 'a'.repeat(64),
      task_ids: Object.keys(revisions),
      revisions,
      ...overrides.suite,
    },
    system: {
      agent: {
        kind: 'simulated',
        name: 'simulated',
        version: '1',
        options: { slip: overrides.slip ?? 0.1 },
      },
      model: null,
      prompt: null,
      user: { kind: 'scripted', prompt_version: null },
      harness_version: '0.0.0',
      grader_version: '1',
    },
    system_hash: `${runId}`.padEnd(64, '0'),
    trials_per_task: overrides.trialsPerTask ?? 4,
    seed: 3,
    concurrency: 1,
    max_reruns: 2,
  };
}

/** One task's attempts: '1' success, '0' failure, 'x' invalid (then rerun as the next char). */
function trials(taskId: string, attempts: string, costUsd = 0): TrialRecord[] {
  return attempts.split(' ').flatMap((pattern, index) =>
    [...pattern].map((char, rerun) =>
      buildTrialRecord({
        task_id: taskId,
        attempt: index + 1,
        rerun,
        success: char === '1',
        valid: char !== 'x',
        usage: { ...buildTrialRecord({ task_id: taskId, attempt: 1 }).usage, cost_usd: costUsd },
      }),
    ),
  );
}

const revisionsOf = (ids: string[]): Record<string, number> =>
  Object.fromEntries(ids.map((id) => [id, 1]));

/**
 * The worked example, by hand. Paired tasks t1–t5 with 4 trials each:
 *   t1 A 4/4 B 4/4 → 0 · t2 A 1/4 B 3/4 → +0.5 · t3 A 2/4 B 4/4 → +0.5
 *   t4 A 3/4 B 1/4 → −0.5 · t5 A 0/4 B 1/4 → +0.25 (each within the noise of 4 trials).
 * Mean 0.75/5 = 0.15; squared deviations sum to 0.7, so variance 0.175,
 * standard error √(0.175/5) = √0.035 and t = 0.15/√0.035 = 0.8018 on 4
 * degrees of freedom. For ν = 4, P(|T| ≤ t) = sinθ(1 + cos²θ/2) with
 * sin²θ = t²/(4 + t²) = 9/65, so p = 1 − 279/(65√65) = 0.4676. Sign flips
 * of [0.5, 0.5, −0.5, 0.25] (sum 0.75): the 4 patterns with the three 0.5s
 * alike reach |sum| ≥ 0.75 (1.75, 1.25), and of the other 12 half do
 * (|±0.5 ± 0.25| = 0.75 or 0.25): p = 10/16 = 0.625. Success A = (1 +
 * 0.25 + 0.5 + 0.75 + 0)/5 = 0.5, B = (1 + 0.75 + 1 + 0.25 + 0.25)/5 =
 * 0.65. Cost: A 21 attempts × $0.01 (one invalid in t1) / 10 successes =
 * $0.021; B 20 × $0.02 / 13 = $0.0308. t6 is only in A, t7 only in B, t8
 * has no valid trial in A.
 */
function workedExample() {
  const a = run('run-a', revisionsOf(['t1', 't2', 't3', 't4', 't5', 't6', 't8']));
  const b = run('run-b', revisionsOf(['t1', 't2', 't3', 't4', 't5', 't7', 't8']), { slip: 0.3 });
  const trialsA = [
    ...trials('t1', 'x1 1 1 1', 0.01),
    ...trials('t2', '1 0 0 0', 0.01),
    ...trials('t3', '1 1 0 0', 0.01),
    ...trials('t4', '1 1 1 0', 0.01),
    ...trials('t5', '0 0 0 0', 0.01),
    ...trials('t6', '1 1 1 1', 0.01),
    ...trials('t8', 'xxx', 0.01),
  ];
  const trialsB = [
    ...trials('t1', '1 1 1 1', 0.02),
    ...trials('t2', '1 1 1 0', 0.02),
    ...trials('t3', '1 1 1 1', 0.02),
    ...trials('t4', '1 0 0 0', 0.02),
    ...trials('t5', '0 0 1 0', 0.02),
    ...trials('t7', '1 1 1 1', 0.02),
    ...trials('t8', '1 1 1 1', 0.02),
  ];
  return compareRuns({ run: a, trials: trialsA }, { run: b, trials: trialsB });
}

describe('compareRuns', () => {
  it('gives the hand-worked difference, interval and p-values', () => {
    const comparison = workedExample();
    expect(comparison.tasks.map((task) => task.difference)).toEqual([0, 0.5, 0.5, -0.5, 0.25]);
    expect(comparison.difference.value).toBeCloseTo(0.15, 15);
    expect(comparison.difference.standard_error).toBeCloseTo(Math.sqrt(0.035), 15);
    expect(comparison.tests.paired_t?.t).toBeCloseTo(0.15 / Math.sqrt(0.035), 14);
    expect(comparison.tests.paired_t?.degrees_of_freedom).toBe(4);
    expect(comparison.tests.paired_t?.p).toBeCloseTo(1 - 279 / (65 * Math.sqrt(65)), 14);
    expect(comparison.difference.p).toBe(comparison.tests.paired_t?.p);
    expect(comparison.difference.method).toBe('paired-t');
    expect(comparison.difference.fallback_reason).toBeNull();
    // SciPy 1.17 ttest_1samp(d, 0).confidence_interval().
    expect(comparison.difference.ci95[0]).toBeCloseTo(-0.3694253168417838, 14);
    expect(comparison.difference.ci95[1]).toBeCloseTo(0.6694253168417839, 14);
    expect(comparison.tests.sign_flip).toEqual({
      p: 0.625,
      method: 'exact',
      changed_tasks: 4,
      sign_patterns: 16,
      seed: null,
    });
    expect(comparison.tests.primary).toBe('paired_t');
    expect(comparison.tests.mcnemar).toBeNull();
  });

  it('gives each side its task-weighted rate and cost per success over the paired tasks', () => {
    const { a, b } = workedExample();
    expect(a).toMatchObject({ success_rate: 0.5, successes: 10, trials: 20 });
    expect(b).toMatchObject({ success_rate: 0.65, successes: 13, trials: 20 });
    expect(a.cost.total_usd).toBeCloseTo(0.21, 12);
    expect(a.cost.per_success_usd).toBeCloseTo(0.021, 12);
    expect(b.cost.per_success_usd).toBeCloseTo(0.4 / 13, 12);
  });

  it("judges each task on its own trials: Boschloo's exact test, Holm-adjusted", () => {
    const comparison = workedExample();
    // SciPy boschloo_exact: t2 and t4 (1/4 against 3/4) 0.2890625, t3 (2/4 against 4/4)
    // 0.178535, t5 (0/4 against 1/4) 0.7265625; Holm: t3 × 5 = 0.892676, the rest capped at 1.
    expect(comparison.tasks.map((task) => task.p)).toEqual([
      1,
      expect.closeTo(0.28906250000000017, 12),
      expect.closeTo(0.17853501918983494, 12),
      expect.closeTo(0.28906250000000017, 12),
      expect.closeTo(0.7265625000000003, 12),
    ]);
    expect(comparison.tasks.map((task) => task.p_adjusted)).toEqual([
      1,
      1,
      expect.closeTo(5 * 0.17853501918983494, 12),
      1,
      1,
    ]);
    expect(comparison.changes).toEqual({
      method: 'boschloo-exact-holm',
      alpha: 0.05,
      improved: [],
      regressed: [],
      within_noise: ['t2', 't3', 't4', 't5'],
      unchanged: ['t1'],
    });
  });

  it('lists a task as regressed when its own drop is beyond chance across all tasks', () => {
    // t0: 8/8 → 0/8, Boschloo p = 2/2^16 (only (8, 0) is as extreme; largest at π = 1/2);
    // Holm over 20 tasks: 40/65536 = 0.00061. t1: 8/8 → 3/8, SciPy boschloo_exact 0.0080553,
    // times 19 = 0.153: within noise.
    const ids = Array.from({ length: 20 }, (_, index) => `t${index}`);
    const a = run('run-a', revisionsOf(ids), { trialsPerTask: 8 });
    const b = run('run-b', revisionsOf(ids), { trialsPerTask: 8 });
    const outcomesB = (id: string): string =>
      id === 't0' ? '0 0 0 0 0 0 0 0' : id === 't1' ? '1 1 1 0 0 0 0 0' : '1 1 1 1 1 1 1 1';
    const comparison = compareRuns(
      { run: a, trials: ids.flatMap((id) => trials(id, '1 1 1 1 1 1 1 1')) },
      { run: b, trials: ids.flatMap((id) => trials(id, outcomesB(id))) },
    );
    expect(comparison.tasks[0]?.p_adjusted).toBeCloseTo(40 / 65536, 14);
    expect(comparison.tasks[1]?.p_adjusted).toBeCloseTo(19 * 0.008055326748727172, 10);
    expect(comparison.changes.regressed).toEqual(['t0']);
    expect(comparison.changes.within_noise).toEqual(['t1']);
    expect(comparison.changes.unchanged).toHaveLength(18);
  });

  it('lists the tasks left out of the paired figures, and what differs between the systems', () => {
    const comparison = workedExample();
    expect(comparison.unpaired).toEqual({
      only_in_a: ['t6'],
      only_in_b: ['t7'],
      without_valid_trials: ['t8'],
    });
    expect(comparison.system_differences).toEqual(['agent.options.slip']);
    expect(comparison.notes).toEqual([
      'only 5 paired task(s): the interval over the task population is rough (it covered 87–91% in simulations at 5–10 tasks where a few tasks drop a lot near the ceiling); the interval and exact test on these 5 tasks are shown beside it',
    ]);
  });

  it('says when the same system was played under other faults, and that B − A measures them', () => {
    const a = run('run-a', { t1: 1, t2: 1 });
    const b: RunRecord = {
      ...run('run-a', { t1: 1, t2: 1 }),
      run_id: 'run-b',
      faults: { faults: [{ kind: 'lost_ack', times: 1, delay_ms: 5 }], inject: [] },
    };
    const comparison = compareRuns(
      { run: a, trials: [...trials('t1', '1 1 1 1'), ...trials('t2', '1 0 1 1')] },
      { run: b, trials: [...trials('t1', '1 0 1 1'), ...trials('t2', '0 0 1 1')] },
    );
    expect(comparison.system_differences).toEqual([]);
    expect(comparison.setting_differences).toEqual([
      { setting: 'faults', a: 'none', b: expect.stringMatching(/^lost_ack \([0-9a-f]{8}\)$/) },
    ]);
    expect(comparison.notes[0]).toMatch(
      /^the runs were played under different settings: faults \(A none; B lost_ack \([0-9a-f]{8}\)\); B − A measures them as well as any change of system$/,
    );
    expect(renderComparisonTerminal(comparison).split('\n').slice(3, 5)).toEqual([
      '   same system spec, but the runs differ in faults',
      expect.stringMatching(/^ {3}settings faults \(A none; B lost_ack \([0-9a-f]{8}\)\)$/),
    ]);
  });

  it('refuses tasks the runs share at different revisions, naming each', () => {
    const a = run('run-a', { t1: 1, t2: 1, t3: 4 });
    const b = run('run-b', { t1: 1, t2: 2, t3: 5 });
    let caught: unknown;
    try {
      compareRuns({ run: a, trials: [] }, { run: b, trials: [] });
    } catch (error) {
      caught = error;
    }
    expect(isEndstateError(caught) && caught.code).toBe('E_NOT_COMPARABLE');
    expect((caught as Error).message).toMatchInlineSnapshot(`
      "cannot compare run run-a with run run-b: 2 task(s) they share ran at different revisions
        task t2: revision 1 in run run-a, revision 2 in run run-b
        task t3: revision 4 in run run-a, revision 5 in run run-b
      Hint: Results of different task revisions are never pooled or paired: run both systems on the current suite, or compare runs made before the revision bump."
    `);
  });

  it('refuses a revision carried by the trials when the run recorded none', () => {
    const a = run('run-a', {});
    const b = run('run-b', {});
    const withTasks = (record: RunRecord): RunRecord => ({
      ...record,
      suite: { ...record.suite, task_ids: ['t1'] },
    });
    const bTrials = trials('t1', '1').map((trial) => ({ ...trial, task_revision: 2 }));
    expect(() =>
      compareRuns(
        { run: withTasks(a), trials: trials('t1', '1') },
        { run: withTasks(b), trials: bTrials },
      ),
    ).toThrow(/task t1: revision 1 in run run-a, revision 2 in run run-b/);
  });

  it('refuses runs of different suites', () => {
    const a = run('run-a', { t1: 1 });
    const b = run('run-b', { t1: 1 }, { suite: { name: 'other', hash: 'c'.repeat(64) } });
    expect(() => compareRuns({ run: a, trials: [] }, { run: b, trials: [] })).toThrow(
      /run run-a \(suite demo\) with run run-b \(suite other\): they ran different suites/,
    );
  });

  it('pairs runs of one suite whose files changed, and says so', () => {
    const a = run('run-a', { t1: 1 });
    const b = run('run-b', { t1: 1 }, { suite: { hash: 'c'.repeat(64) } });
    const comparison = compareRuns(
      { run: a, trials: trials('t1', '1 0') },
      { run: b, trials: trials('t1', '1 1') },
    );
    expect(comparison.suite.same_hash).toBe(false);
    expect(comparison.notes[0]).toMatch(/the suite's files changed between the runs/);
  });

  it("runs McNemar's test with one trial per task, agreeing with the sign-flip test", () => {
    const ids = Array.from({ length: 12 }, (_, index) => `t${index}`);
    const a = run('run-a', revisionsOf(ids), { trialsPerTask: 1 });
    const b = run('run-b', revisionsOf(ids), { trialsPerTask: 1 });
    const outcomesA = '111111000011';
    const outcomesB = '011111111111';
    const comparison = compareRuns(
      { run: a, trials: ids.flatMap((id, index) => trials(id, outcomesA[index] ?? '0')) },
      { run: b, trials: ids.flatMap((id, index) => trials(id, outcomesB[index] ?? '0')) },
    );
    expect(comparison.tests.mcnemar).toEqual({ a_only: 1, b_only: 4, p: mcnemarExact(1, 4).p });
    expect(comparison.tests.sign_flip.p).toBeCloseTo(comparison.tests.mcnemar?.p ?? Number.NaN, 14);
    // One trial a side: Boschloo's p is 0.5 for any single change; Holm over 12 tasks makes it 1.
    expect(comparison.changes.within_noise).toEqual(['t0', 't6', 't7', 't8', 't9']);
    expect(comparison.changes.improved).toEqual([]);
  });

  /** Tasks t0… with 8 trials a side: A's outcomes for every task, then B's. */
  function everyTask(count: number, outcomesA: string, outcomesB: string) {
    const ids = Array.from({ length: count }, (_, index) => `t${index}`);
    return compareRuns(
      {
        run: run('run-a', revisionsOf(ids), { trialsPerTask: 8 }),
        trials: ids.flatMap((id) => trials(id, outcomesA)),
      },
      {
        run: run('run-b', revisionsOf(ids), { trialsPerTask: 8 }),
        trials: ids.flatMap((id) => trials(id, outcomesB)),
      },
    );
  }
  const ALL_PASS = '1 1 1 1 1 1 1 1';
  const ONE_FAIL = '1 1 1 1 1 1 1 0';

  it('gives p and interval from one test, not p = 0, when every task loses the same (3 tasks, 1 of 8 each)', () => {
    const comparison = everyTask(3, ALL_PASS, ONE_FAIL);
    expect(comparison.difference.value).toBe(-0.125);
    // Of the 2³ sign patterns of three −1/8s, all-minus and all-plus reach |sum| 3/8: 2/8.
    expect(comparison.tests.sign_flip.p).toBe(0.25);
    // Hoeffding's p: 48 terms of ±1/24, Σ range² = 1/12: 2·exp(−2·(1/8)²·12) = 2e^(−0.375) > 1.
    expect(comparison.difference.p).toBe(1);
    expect(comparison.difference.p_worse).toBe(0.5);
    expect(comparison.difference.method).toBe('sign-flip-hoeffding');
    // The sign-flip test cannot reject with 3 tasks (2/8 > 0.05), so it keeps every shift.
    expect(comparison.difference.ci95).toEqual([-1, 1]);
    expect(comparison.tests.primary).toBe('sign_flip_hoeffding');
    expect(comparison.tests.paired_t).toBeNull();
    expect(comparison.notes).toContain(
      "no paired t-test: every task's difference is the same (-12.5 pts): the t-test has no spread to work with; the interval is the inverted sign-flip test widened to Hoeffding's bound over the trials, and p the larger of the exact sign-flip test's and Hoeffding's (so they agree)",
    );
    // On these tasks: each task's 15 successes of 16 fall on A's side 8 times in 16, so
    // B keeps 7 of 8 with probability 1/2, in all three 1/8 (hand-worked).
    expect(comparison.these_tasks.difference.p_worse).toBeCloseTo(1 / 8, 12);
    expect(comparison.gate.decided_by).toBe('these-tasks');
  });

  it("widens the collapsed sign-flip interval of 6 equal differences to Hoeffding's, whose p it takes", () => {
    const comparison = everyTask(6, ALL_PASS, ONE_FAIL);
    expect(comparison.tests.sign_flip.p).toBe(2 / 64);
    // 96 trial terms of ±1/48: Σ(range²) = 96/48² = 1/24, half-width √(ln 40 / 48),
    // p = 2·exp(−2·(1/8)²·24) = 2e^(−0.75).
    expect(comparison.difference.p).toBeCloseTo(2 * Math.exp(-0.75), 14);
    const halfWidth = Math.sqrt(Math.log(40) / 48);
    expect(comparison.difference.ci95[0]).toBeCloseTo(-0.125 - halfWidth, 14);
    expect(comparison.difference.ci95[1]).toBeCloseTo(-0.125 + halfWidth, 14);
  });

  it('finds five tasks that all fall from 8/8 to 0/8 worse on these tasks, where the task population cannot tell', () => {
    const comparison = everyTask(5, ALL_PASS, '0 0 0 0 0 0 0 0');
    expect(comparison.difference.ci95).toEqual([-1, 1]);
    // Each task: all 8 successes of 16 on A's side, 1 way in C(16, 8) = 12 870.
    expect(comparison.these_tasks.difference.p_worse).toBeCloseTo(12_870 ** -5, 30);
    expect(comparison.these_tasks.difference.ci95[1]).toBeLessThan(-0.7);
    expect(comparison.these_tasks.difference.estimand).toBe('these-tasks');
    expect(comparison.gate).toMatchObject({ decided_by: 'these-tasks', alpha: 0.025 });
    expect(comparison.gate.list_alpha).toBeGreaterThan(0);
    expect(comparison.gate.list_alpha_method).toBe('exact-bound');
    expect(comparison.gate.test_alpha).toBeCloseTo(0.025 - comparison.gate.list_alpha, 15);
    expect(comparison.changes.regressed).toHaveLength(5);
  });

  it('keeps the paired t interval in [−1, 1] and finds three tasks worse on their trials: 9/9 → 3/9', () => {
    const ids = ['t0', 't1', 't2'];
    const comparison = compareRuns(
      {
        run: run('run-a', revisionsOf(ids), { trialsPerTask: 3 }),
        trials: ids.flatMap((id) => trials(id, '1 1 1')),
      },
      {
        run: run('run-b', revisionsOf(ids), { trialsPerTask: 3 }),
        trials: [...trials('t0', '1 1 1'), ...trials('t1', '0 0 0'), ...trials('t2', '0 0 0')],
      },
    );
    // Differences 0, −1, −1: mean −2/3, s = 0.577, t₀.₉₇₅,₂ = 4.303: [−2.101, 0.768] unclamped.
    expect(comparison.difference.method).toBe('paired-t');
    expect(comparison.difference.ci95[0]).toBe(-1);
    expect(comparison.difference.ci95[1]).toBeCloseTo(
      -2 / 3 + (4.302652729911275 * Math.sqrt(1 / 3)) / Math.sqrt(3),
      9,
    );
    // On these tasks only t1 and t2 can move: B keeps none of 3 pooled successes of 6 with
    // probability 1/C(6, 3) = 1/20 each, and that is the least D: p = 1/400 (hand-worked).
    expect(comparison.these_tasks.difference.p_worse).toBeCloseTo(1 / 400, 12);
    expect(comparison.gate.decided_by).toBe('these-tasks');
    expect(comparison.gate.test_alpha).toBeGreaterThan(1 / 400);
    const lines = renderComparisonTerminal(comparison).split('\n');
    expect(lines.filter((line) => /^(Difference|These tasks)/.test(line))).toMatchInlineSnapshot(`
      [
        "Difference  B − A -66.7 pts  95% CI [-100.0, 76.8] pts  (paired t over tasks, one difference per task)",
        "These tasks B − A -66.7 pts  95% CI [-85.4, -24.8] pts  (MOVER–Wilson over their trials) · stratified permutation test (exact, trials relabelled within each task) 0.0050, B worse one-sided 0.0025",
      ]
    `);
  });

  it('keeps the interval off a point at the edge: 10 tasks from 8/8 to 0/8', () => {
    const comparison = everyTask(10, ALL_PASS, '0 0 0 0 0 0 0 0');
    expect(comparison.difference.p).toBe(2 / 1024);
    expect(comparison.difference.ci95[0]).toBe(-1);
    expect(comparison.difference.ci95[1]).toBeCloseTo(-1 + Math.sqrt(Math.log(40) / 80), 14);
    expect(comparison.changes.regressed).toHaveLength(10);
  });

  it('gives p = 1 and a symmetric interval of positive width when nothing differs', () => {
    const comparison = everyTask(6, '1 0 1 0 1 0 1 0', '0 0 1 1 0 0 1 1');
    expect(comparison.difference.value).toBe(0);
    expect(comparison.difference.p).toBe(1);
    const halfWidth = Math.sqrt(Math.log(40) / 48);
    expect(comparison.difference.ci95[0]).toBeCloseTo(-halfWidth, 14);
    expect(comparison.difference.ci95[1]).toBeCloseTo(halfWidth, 14);
    expect(comparison.changes.unchanged).toHaveLength(6);
  });

  it('falls back with one paired task, saying why', () => {
    const comparison = everyTask(1, ALL_PASS, ONE_FAIL);
    expect(comparison.difference.fallback_reason).toBe('one paired task: the t-test needs two');
    expect(comparison.difference.p).toBe(1);
    expect(comparison.difference.ci95).toEqual([-1, 1]);
  });

  it('gives the same comparison for the same records', () => {
    expect(workedExample()).toEqual(workedExample());
  });
});

describe('renderComparisonTerminal', () => {
  it('shows the runs, the figures and the changed tasks, worst first', () => {
    expect(renderComparisonTerminal(workedExample())).toMatchInlineSnapshot(`
      "endstate compare · suite demo · 5 task(s) paired
      A  run-a  simulated:simulated@1 · system run-a0000000 · 4 trial(s)/task
      B  run-b  simulated:simulated@1 · system run-b0000000 · 4 trial(s)/task
         systems differ in agent.options.slip; and the runs differ in tasks
         settings tasks (A 7 task(s), 1 only here (t6); B 7 task(s), 1 only here (t7))

      Success     A 50.0% (10/20)  →  B 65.0% (13/20)  (task-weighted over 5 paired task(s))
      Difference  B − A +15.0 pts  95% CI [-36.9, 66.9] pts  (paired t over tasks, one difference per task)
                  estimand: the task population: the tasks read as a sample of those the suite stands for
      p-value     0.468 paired t (t = 0.80, df 4; primary) · 0.625 sign-flip permutation (exact, 4 changed task(s))
      These tasks B − A +15.0 pts  95% CI [-8.4, 35.5] pts  (MOVER–Wilson over their trials) · stratified permutation test (exact, trials relabelled within each task) 0.454, B worse one-sided 0.935
                  estimand: the mean over these 5 tasks of B's true success rate − A's (only the trials random)
      Gate        --fail-if-worse decides on these 5 tasks' own trials (the exact stratified permutation test at margin 0, their MOVER–Wilson interval past a margin): with 5 paired task(s), even all moving one way, the exact sign-flip test over the task population cannot reach 0.05 (its p is at least 2/2^5 = 0.063). With margin 0, a task listed regressed fails success_rate too (on these tasks that list alone could name a regression between equal systems 2.84% of the time, so it takes the whole 2.5%)
      Outcome     B − A +15.0 pts  95% CI [-36.9, 66.9] pts  (state and facts only, constraints ignored; task population) · on these tasks +15.0 pts 95% CI [-8.4, 35.5] pts
      Tasks       0 regressed · 0 improved · 4 within noise · 1 unchanged
                  (each task on its own trials: Boschloo's exact test, Holm-adjusted across tasks, 5% family-wise)
      Cost        per success A $0.0210 (10 successes) · B $0.0308 (13 successes)
      Left out    only in A: t6 · only in B: t7 · no valid trial on a side: t8
      note: only 5 paired task(s): the interval over the task population is rough (it covered 87–91% in simulations at 5–10 tasks where a few tasks drop a lot near the ceiling); the interval and exact test on these 5 tasks are shown beside it

      Tasks whose rate changed (4 of 5, worst first; 1 unchanged not shown)
      ┌──────┬─────┬─────┬─────┬───────────┬──────────┬──────────────┐
      │ task │ rev │ A   │ B   │ B − A     │ p (Holm) │ change       │
      ├──────┼─────┼─────┼─────┼───────────┼──────────┼──────────────┤
      │ t4   │ 1   │ 3/4 │ 1/4 │ -50.0 pts │ 1.000    │ within noise │
      │ t5   │ 1   │ 0/4 │ 1/4 │ +25.0 pts │ 1.000    │ within noise │
      │ t2   │ 1   │ 1/4 │ 3/4 │ +50.0 pts │ 1.000    │ within noise │
      │ t3   │ 1   │ 2/4 │ 4/4 │ +50.0 pts │ 0.893    │ within noise │
      └──────┴─────┴─────┴─────┴───────────┴──────────┴──────────────┘"
    `);
  });
});

describe('renderComparisonTerminal when the t-test does not apply', () => {
  it('names the exact method in the figures and says why in a note', () => {
    const ids = ['t1', 't2', 't3'];
    const comparison = compareRuns(
      {
        run: run('run-a', revisionsOf(ids), { trialsPerTask: 8 }),
        trials: ids.flatMap((id) => trials(id, '1 1 1 1 1 1 1 1')),
      },
      {
        run: run('run-b', revisionsOf(ids), { trialsPerTask: 8 }),
        trials: ids.flatMap((id) => trials(id, '1 1 1 1 1 1 1 0')),
      },
    );
    const lines = renderComparisonTerminal(comparison).split('\n');
    expect(lines.filter((line) => /^(Difference|p-value|note)/.test(line))).toMatchInlineSnapshot(`
      [
        "Difference  B − A -12.5 pts  95% CI [-100.0, 100.0] pts  (exact: inverted sign-flip test over tasks, widened to Hoeffding's bound over trials)",
        "p-value     1.000 exact sign-flip and Hoeffding (primary, the larger of the two: it agrees with the interval; the paired t-test does not apply) · 0.250 sign-flip permutation (exact, 3 changed task(s))",
        "note: only 3 paired task(s): the interval over the task population is rough (it covered 87–91% in simulations at 5–10 tasks where a few tasks drop a lot near the ceiling); the interval and exact test on these 3 tasks are shown beside it",
        "note: no paired t-test: every task's difference is the same (-12.5 pts): the t-test has no spread to work with; the interval is the inverted sign-flip test widened to Hoeffding's bound over the trials, and p the larger of the exact sign-flip test's and Hoeffding's (so they agree)",
      ]
    `);
  });
});

describe('renderComparisonMarkdown', () => {
  it('renders a compact pull-request comment', () => {
    expect(renderComparisonMarkdown(workedExample())).toMatchInlineSnapshot(`
      "### endstate compare · \`demo\`

      |  | A | B | B − A |
      | --- | --- | --- | ---: |
      | run | \`run-a\` | \`run-b\` |  |
      | agent | \`simulated:simulated@1\` | \`simulated:simulated@1\` |  |
      | success (5 paired tasks, task-weighted) | 50.0% (10/20) | 65.0% (13/20) | **+15.0 pts** (95% CI [-36.9, 66.9]; task population) |
      | success on these 5 tasks (their trials only) |  |  | +15.0 pts (95% CI [-8.4, 35.5]; MOVER–Wilson) |
      | outcome only (constraints ignored) |  |  | +15.0 pts (95% CI [-36.9, 66.9]; task population; on these tasks [-8.4, 35.5]) |
      | cost per success | $0.0210 | $0.0308 |  |

      **p = 0.468** (paired t, t = 0.80, df 4; primary) · sign-flip permutation p = 0.625 (exact, 4 changed task(s))

      On these 5 tasks: stratified permutation test (trials relabelled within each task) p = 0.454, B worse one-sided p = 0.935.  
      _Task population_: the tasks read as a sample of those the suite stands for. _these 5 tasks_: the mean over exactly these tasks of B's true success rate − A's, only the trials random.  
      --fail-if-worse decides on these 5 tasks' own trials (the exact stratified permutation test at margin 0, their MOVER–Wilson interval past a margin): with 5 paired task(s), even all moving one way, the exact sign-flip test over the task population cannot reach 0.05 (its p is at least 2/2^5 = 0.063). With margin 0, a task listed regressed fails success\\_rate too (on these tasks that list alone could name a regression between equal systems 2.84% of the time, so it takes the whole 2.5%).

      No task changed beyond the noise of its trials (Boschloo's exact test per task, Holm-adjusted, 5% family-wise); 4 within noise, 1 unchanged.

      Systems differ in \`agent.options.slip\`.

      The runs differ in \`tasks\`:

      - \`tasks\`: A 7 task(s), 1 only here (t6) · B 7 task(s), 1 only here (t7)

      Left out of the paired figures: only in A: \`t6\` · only in B: \`t7\` · no valid trial on a side: \`t8\`.

      _Note: only 5 paired task(s): the interval over the task population is rough (it covered 87–91% in simulations at 5–10 tasks where a few tasks drop a lot near the ceiling); the interval and exact test on these 5 tasks are shown beside it._

      <details><summary>4 of 5 tasks changed (worst first)</summary>

      | task | A | B | B − A | p (Holm) | change |
      | --- | ---: | ---: | ---: | ---: | --- |
      | \`t4\` | 3/4 | 1/4 | -50.0 pts | 1.000 | within noise |
      | \`t5\` | 0/4 | 1/4 | +25.0 pts | 1.000 | within noise |
      | \`t2\` | 1/4 | 3/4 | +50.0 pts | 1.000 | within noise |
      | \`t3\` | 2/4 | 4/4 | +50.0 pts | 0.893 | within noise |

      </details>
      "
    `);
  });
});
