import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Comparison } from '../../src/report/index.js';
import { example, runCliHere, tempFolder } from './run-cli.js';

interface RunOutput {
  run: { run_id: string };
  scorecard: { success_rate: { value: number }; counts: { tasks: number } };
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

/** Two runs of the support suite by the simulated agent: few slips (A), then many (B). */
async function runSupport(
  cwd: string,
  slip: string,
  seed: string,
  json: string,
): Promise<RunOutput> {
  const args = ['--agent', 'simulated', '--slip', slip, '--trials', '4', '--seed', seed];
  const result = await runCliHere(['run', example('support'), ...args, '--json', json], cwd);
  expect(result.code).toBe(0);
  return readJson<RunOutput>(join(cwd, json));
}

describe('endstate compare', () => {
  let cwd = '';
  let careful: RunOutput;
  let sloppy: RunOutput;
  beforeAll(async () => {
    cwd = tempFolder();
    careful = await runSupport(cwd, '0.05', '1', 'a.json');
    sloppy = await runSupport(cwd, '0.4', '2', 'b.json');
  }, 120_000);

  it('compares the run before the latest with the latest: terminal, JSON and Markdown', async () => {
    const result = await runCliHere(
      [
        'compare',
        'latest~1',
        'latest',
        '--json',
        'compare.json',
        '--md',
        'compare.md',
        '--html',
        'compare.html',
      ],
      cwd,
    );
    expect(result.stderr).not.toMatch(/error/i);
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe(
      `endstate compare · suite support · ${careful.scorecard.counts.tasks} task(s) paired`,
    );
    expect(lines[1]).toMatch(new RegExp(`^A  ${careful.run.run_id}  simulated:`));
    expect(lines[2]).toMatch(new RegExp(`^B  ${sloppy.run.run_id}  simulated:`));
    expect(lines[3]).toBe('   systems differ in agent.options.slip');
    expect(result.stdout).toMatch(/^Difference {2}B − A -\d+\.\d pts {2}95% CI \[-/m);
    expect(result.stdout).toMatch(/^p-value {5}\S.* paired t \(t = -\d+\.\d\d, df \d+; primary\)/m);
    expect(result.stdout).toMatch(
      /^Tasks {7}\d+ regressed.* · \d+ improved.* · \d+ within noise · \d+ unchanged$/m,
    );

    const comparison = readJson<Comparison>(join(cwd, 'compare.json'));
    // Run B's report carries the comparison as a section (its data in the embedded JSON).
    const html = readFileSync(join(cwd, 'compare.html'), 'utf8');
    expect(html).toContain(`"title":"Compared with ${careful.run.run_id}"`);
    expect(html).toContain(`"run_id":"${sloppy.run.run_id}"`);
    expect(comparison.a.run_id).toBe(careful.run.run_id);
    expect(comparison.b.run_id).toBe(sloppy.run.run_id);
    expect(comparison.tasks).toHaveLength(careful.scorecard.counts.tasks);
    // Every task paired, so each side's rate is its scorecard's task-weighted rate.
    expect(comparison.a.success_rate).toBeCloseTo(careful.scorecard.success_rate.value, 12);
    expect(comparison.b.success_rate).toBeCloseTo(sloppy.scorecard.success_rate.value, 12);
    const meanDifference =
      comparison.tasks.reduce((sum, task) => sum + task.difference, 0) / comparison.tasks.length;
    expect(comparison.difference.value).toBeCloseTo(meanDifference, 12);
    expect(comparison.difference.value).toBeCloseTo(
      comparison.b.success_rate - comparison.a.success_rate,
      12,
    );
    const [lower, upper] = comparison.difference.ci95;
    expect(upper).toBeLessThan(0);
    expect(lower).toBeLessThan(comparison.difference.value);
    expect(comparison.tests.primary).toBe('paired_t');
    expect(comparison.tests.paired_t?.p).toBeLessThan(0.05);
    expect(comparison.difference.p).toBe(comparison.tests.paired_t?.p);
    expect(comparison.tests.sign_flip.method).toBe('exact');
    const { changes } = comparison;
    expect(changes.improved).toEqual([]);
    expect(changes.regressed.length + changes.within_noise.length + changes.unchanged.length).toBe(
      comparison.tasks.length,
    );
    expect(comparison.unpaired).toEqual({ only_in_a: [], only_in_b: [], without_valid_trials: [] });

    const markdown = readFileSync(join(cwd, 'compare.md'), 'utf8');
    expect(markdown).toMatch(/^### endstate compare · `support`\n/);
    expect(markdown).toContain(`| run | \`${careful.run.run_id}\` | \`${sloppy.run.run_id}\` |  |`);
    expect(markdown).toMatch(
      /Boschloo's exact test per task, Holm-adjusted, 5% family-wise\); \d+ within noise/,
    );
  });

  it('takes run ids, and reverses every difference when the runs swap sides', async () => {
    const forward = await runCliHere(
      ['compare', careful.run.run_id, sloppy.run.run_id, '--json', 'f.json'],
      cwd,
    );
    const backward = await runCliHere(
      ['compare', sloppy.run.run_id, careful.run.run_id, '--json', 'r.json'],
      cwd,
    );
    expect([forward.code, backward.code]).toEqual([0, 0]);
    const f = readJson<Comparison>(join(cwd, 'f.json'));
    const r = readJson<Comparison>(join(cwd, 'r.json'));
    expect(r.difference.value).toBeCloseTo(-f.difference.value, 14);
    expect(r.tests.paired_t?.p).toBeCloseTo(f.tests.paired_t?.p ?? Number.NaN, 14);
    expect(r.changes).toEqual({
      ...f.changes,
      improved: f.changes.regressed,
      regressed: f.changes.improved,
    });
  });

  it('--fail-if-worse exits 1 when B is clearly worse, naming the gate and why', async () => {
    const result = await runCliHere(
      [
        'compare',
        careful.run.run_id,
        sloppy.run.run_id,
        '--fail-if-worse',
        'success_rate',
        '--fail-if-worse',
        'outcome_rate=0.9',
      ],
      cwd,
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /^gate --fail-if-worse success_rate=0 failed: B is worse than A by more than 0\.0 pts \(decided by the paired t test over the task population: one-sided p = \S+ that B is worse, at level \d\.\d+% \(2\.5% less [^)]+ for the per-task list\); B − A -\d+\.\d pts, 95% CI \[-\d+\.\d pts, -\d+\.\d pts\]\)$/m,
    );
    expect(result.stdout).toMatch(/^gate --fail-if-worse outcome_rate=0\.9 passed: /m);
    expect(result.stderr).toMatch(/^gate failed: --fail-if-worse success_rate=0 failed: /m);
  });

  it('--fail-if-worse exits 0 for two runs of the same system', async () => {
    const again = await runSupport(cwd, '0.05', '3', 'c.json');
    const result = await runCliHere(
      ['compare', careful.run.run_id, again.run.run_id, '--fail-if-worse', 'success_rate'],
      cwd,
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^gate --fail-if-worse success_rate=0 passed: B is not shown worse/m,
    );
  });

  it.each([
    ['succes', 'unknown metric "succes"'],
    ['success_rate=1.5', 'the margin must be a number from 0 up to 1, got "1.5"'],
  ])(
    '--fail-if-worse %s is bad input (exit 2), named before anything is compared',
    async (gate, problem) => {
      const result = await runCliHere(
        ['compare', 'latest~1', 'latest', '--fail-if-worse', gate],
        cwd,
      );
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(`error E_USAGE: --fail-if-worse ${gate}: ${problem}`);
    },
  );

  it('refuses to compare runs of different suites (exit 2)', async () => {
    expect(
      (
        await runCliHere(
          ['run', example('airline'), '--agent', 'oracle', '--tasks', 'cancel-refundable-*'],
          cwd,
        )
      ).code,
    ).toBe(0);
    const result = await runCliHere(['compare', careful.run.run_id, 'latest'], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^error E_NOT_COMPARABLE: cannot compare run \S+ \(suite support\) with run \S+ \(suite airline\): they ran different suites/,
    );
  });

  it('names the recent runs when a run is not in the store', async () => {
    const result = await runCliHere(['compare', 'latest~99', 'latest'], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error E_RUN_NOT_FOUND: no run "latest~99"');
  });
});

describe('endstate compare --fail-if-worse with few tasks', () => {
  const FIVE_TASKS =
    '{refund-8842,refund-8851-planned,quote-only-8843,final-sale-8860,window-expired-8850}';
  let cwd = '';
  const runIds: Record<string, string> = {};
  /** Five support tasks × 8 trials: the oracle twice, and an agent that always slips. */
  beforeAll(async () => {
    cwd = tempFolder();
    const agents = {
      oracle: ['--agent', 'oracle'],
      again: ['--agent', 'oracle'],
      failing: ['--agent', 'simulated', '--slip', '1', '--seed', '2'],
    };
    for (const [name, args] of Object.entries(agents)) {
      const json = `${name}.json`;
      const result = await runCliHere(
        [
          'run',
          example('support'),
          ...args,
          '--tasks',
          FIVE_TASKS,
          '--trials',
          '8',
          '--json',
          json,
        ],
        cwd,
      );
      expect(result.code).toBe(0);
      runIds[name] = readJson<RunOutput>(join(cwd, json)).run.run_id;
    }
  }, 120_000);

  it('fails when every task falls, deciding on the trials of these 5 tasks, and says so in text, Markdown and JSON', async () => {
    const result = await runCliHere(
      [
        'compare',
        runIds.oracle!,
        runIds.failing!,
        '--fail-if-worse',
        'success_rate',
        '--json',
        'worse.json',
        '--md',
        'worse.md',
      ],
      cwd,
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('A 100.0% (40/40)  →  B 0.0% (0/40)');
    // The task-population interval cannot tell with 5 tasks, and says what it is about.
    expect(result.stdout).toMatch(
      /^Difference {2}B − A -100\.0 pts {2}95% CI \[-100\.0, 100\.0\] pts/m,
    );
    expect(result.stdout).toMatch(/^ {12}estimand: the task population/m);
    expect(result.stdout).toMatch(
      /^These tasks B − A -100\.0 pts {2}95% CI \[-100\.0, -\d+\.\d\] pts {2}\(MOVER–Wilson/m,
    );
    expect(result.stdout).toMatch(
      /^ {12}estimand: the mean over these 5 tasks of B's true success rate/m,
    );
    expect(result.stdout).toMatch(/cannot reach 0\.05 \(its p is at least 2\/2\^5 = 0\.063\)/);
    expect(result.stdout).toMatch(
      /^gate --fail-if-worse success_rate=0 failed: B is worse than A by more than 0\.0 pts \(decided by the exact stratified permutation test of the trials of these 5 tasks: one-sided p = \d\.\de-\d+ that B is worse/m,
    );
    expect(result.stderr).toMatch(/^gate failed: --fail-if-worse success_rate=0 failed: /m);

    const comparison = readJson<Comparison>(join(cwd, 'worse.json'));
    expect(comparison.changes.regressed).toHaveLength(5);
    expect(comparison.difference.estimand).toBe('task-population');
    expect(comparison.these_tasks.difference).toMatchObject({
      estimand: 'these-tasks',
      tasks: 5,
      value: -1,
      test_method: 'stratified-permutation-exact',
    });
    // Each task: all 8 successes of 16 trials on A's side, 1 way in C(16, 8) = 12 870.
    expect(comparison.these_tasks.difference.p_worse).toBeCloseTo(12_870 ** -5, 30);
    expect(comparison.gate.decided_by).toBe('these-tasks');
    const markdown = readFileSync(join(cwd, 'worse.md'), 'utf8');
    expect(markdown).toContain('; task population) |');
    expect(markdown).toContain('| success on these 5 tasks (their trials only) |');
    expect(markdown).toContain("--fail-if-worse decides on these 5 tasks' own trials");
  });

  it('passes two runs of the same system on the same 5 tasks', async () => {
    const result = await runCliHere(
      ['compare', runIds.oracle!, runIds.again!, '--fail-if-worse', 'success_rate'],
      cwd,
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^gate --fail-if-worse success_rate=0 passed: B is not shown worse than A by more than 0\.0 pts \(decided by the exact stratified permutation test of the trials of these 5 tasks: one-sided p = 1\.000 that B is worse/m,
    );
  });

  it('past a margin, reads the interval on these tasks', async () => {
    const result = await runCliHere(
      ['compare', runIds.oracle!, runIds.failing!, '--fail-if-worse', 'success_rate=0.5'],
      cwd,
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /^gate --fail-if-worse success_rate=0\.5 failed: B is worse than A by more than 50\.0 pts \(decided by the MOVER–Wilson interval of these 5 tasks: /m,
    );
  });
});
