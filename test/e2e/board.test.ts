import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BoardSet, Comparison } from '../../src/report/index.js';
import { REPO, example, runCliHere, tempFolder } from './run-cli.js';

interface RunOutput {
  run: { run_id: string; system_hash: string };
  scorecard: {
    success_rate: { value: number; ci95: [number, number]; successes: number; trials: number };
    pass_hat_k: Record<string, number>;
    latency_ms: { p50: number; p95: number };
    cost: { per_trial_usd: number | null };
  };
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;
const FAULTS = join(REPO, 'examples/faults/support-flaky.yaml');

/** One run of the support suite by the simulated agent, as `run --json` wrote it. */
async function runSupport(cwd: string, name: string, args: readonly string[]): Promise<RunOutput> {
  const json = `${name}.json`;
  const result = await runCliHere(
    ['run', example('support'), '--agent', 'simulated', ...args, '--json', json],
    cwd,
  );
  expect(result.code, result.stderr).toBe(0);
  return readJson<RunOutput>(join(cwd, json));
}

describe('endstate board', () => {
  let cwd = '';
  const runs: Record<string, RunOutput> = {};
  beforeAll(async () => {
    cwd = tempFolder();
    // Three systems (slips) on the same settings, with 3, 3 and 2 trials per task.
    runs['careful'] = await runSupport(cwd, 'careful', [
      '--slip',
      '0.05',
      '--trials',
      '3',
      '--seed',
      '1',
    ]);
    runs['sloppy'] = await runSupport(cwd, 'sloppy', [
      '--slip',
      '0.5',
      '--trials',
      '3',
      '--seed',
      '2',
    ]);
    runs['middling'] = await runSupport(cwd, 'middling', [
      '--slip',
      '0.2',
      '--trials',
      '2',
      '--seed',
      '3',
    ]);
    // The careful system again, under flaky tools: the same system hash, other settings.
    runs['flaky'] = await runSupport(cwd, 'flaky', [
      '--slip',
      '0.05',
      '--trials',
      '2',
      '--seed',
      '4',
      '--faults',
      FAULTS,
    ]);
    // A pilot on a few tasks, and a diagnosis mode.
    runs['pilot'] = await runSupport(cwd, 'pilot', [
      '--slip',
      '0.05',
      '--trials',
      '2',
      '--tasks',
      'refund-*',
    ]);
    runs['no-user'] = await runSupport(cwd, 'no-user', ['--slip', '0.05', '--mode', 'no-user']);
  }, 240_000);

  it('puts the latest run of each system on one board and every other setting on a board of its own', async () => {
    const result = await runCliHere(['board', '--json', 'board.json', '--md', 'board.md'], cwd);
    expect(result.code, result.stderr).toBe(0);
    const set = readJson<BoardSet>(join(cwd, 'board.json'));
    expect(set.boards).toHaveLength(4);
    const ids = (index: number) => set.boards[index]!.runs.map((run) => run.run_id).sort();
    expect(ids(0)).toEqual(
      [runs['careful'], runs['sloppy'], runs['middling']].map((run) => run!.run.run_id).sort(),
    );
    expect(ids(1)).toEqual([runs['flaky']!.run.run_id]);
    expect(ids(2)).toEqual([runs['pilot']!.run.run_id]);
    expect(ids(3)).toEqual([runs['no-user']!.run.run_id]);
    // Each board says in which settings it differs from the first, and only in those.
    const settingsApart = (index: number) =>
      set.boards[index]!.differs_from[0]!.differences.map((difference) => difference.setting);
    expect(settingsApart(1)).toEqual(['faults']);
    expect(settingsApart(2)).toEqual(['tasks']);
    expect(settingsApart(3)).toEqual(['mode']);
    expect(set.boards[1]!.differs_from[0]!.differences[0]).toMatchObject({ a: 'none' });
    expect(set.boards[1]!.differs_from[0]!.differences[0]!.b).toMatch(
      /^timeout, rate_limit, 1 injection\(s\) \([0-9a-f]{8}\)$/,
    );

    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe(
      'endstate board · 6 run(s) on 4 board(s) · frontier: success against cost per trial',
    );
    expect(result.stdout).toMatch(
      /^Board 1 · suite support \([0-9a-f]{12}\) · \d+ task\(s\) · mode dialogue · faults none · graders \S+ · pass\^k at k = 2$/m,
    );
    expect(result.stdout).toMatch(
      /^ {2}differs from board 1 in faults \(board 1 none; board 2 timeout, rate_limit, 1 injection\(s\) \([0-9a-f]{8}\)\)$/m,
    );
    expect(result.stdout).toMatch(
      /^ {2}differs from board 1 in mode \(board 1 dialogue; board 4 no-user\)$/m,
    );
    expect(result.stdout).toContain(
      'Runs on different boards are not ranked together: they differ in the settings named above.',
    );
    const markdown = readFileSync(join(cwd, 'board.md'), 'utf8');
    expect(markdown).toMatch(/^### endstate board\n\n#### Board 1\n/);
    expect(markdown).toContain(`| 1 | ${set.boards[0]!.runs[0]!.run_id} |`);
  });

  it("shows each run's own scorecard figures, ranked by success, with pass^k at the k every run reached", async () => {
    const result = await runCliHere(['board', '--json', 'board.json'], cwd);
    expect(result.code).toBe(0);
    const board = readJson<BoardSet>(join(cwd, 'board.json')).boards[0]!;
    // The middling run played 2 trials per task: the board's k.
    expect(board.k).toBe(2);
    expect(board.notes).toContain(
      'the runs played 2, 3 trials per task: pass^k is shown at k = 2, the largest every run reached',
    );
    const byId = new Map(Object.values(runs).map((run) => [run.run.run_id, run]));
    for (const run of board.runs) {
      const own = byId.get(run.run_id)!.scorecard;
      expect(run.success_rate.value).toBe(own.success_rate.value);
      expect(run.success_rate.ci95).toEqual(own.success_rate.ci95);
      expect(run.pass_hat_k!.value).toBe(own.pass_hat_k['2']);
      expect(run.latency_ms.p50).toBe(own.latency_ms.p50);
      expect(run.cost.per_trial_usd).toBe(own.cost.per_trial_usd);
    }
    const rates = board.runs.map((run) => run.success_rate.value);
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
    // The simulated agent calls no model: every run costs $0, so the frontier is the most successful run(s).
    const best = Math.max(...rates);
    expect(board.frontier).toEqual(
      board.runs.filter((run) => run.success_rate.value === best).map((run) => run.run_id),
    );
    for (const run of board.runs) {
      expect(run.frontier).toBe(run.success_rate.value === best ? 'frontier' : 'dominated');
    }
    const table = result.stdout.split('\n');
    const header = table.findIndex((line) => line.includes('success (95% CI)'));
    expect(table[header]).toMatch(/pass\^2 \(95% CI\)/);
    const top = board.runs[0]!;
    expect(table[header + 2]).toMatch(
      new RegExp(
        `^│ 1 │ ${top.run_id} │ simulated:\\S+ slip=0\\.05 +│ ${(top.success_rate.value * 100).toFixed(1)}% `,
      ),
    );
    // Every run costs the same $0: each is dominated by every run above it.
    expect(table[header + 3]).toMatch(/│ dominated by #1 +│$/);
    expect(table[header + 4]).toMatch(/│ dominated by #1, #2 +│$/);
  });

  it('shows the runs it is given, and refuses an unknown suite or run (exit 2)', async () => {
    const careful = runs['careful']!.run.run_id;
    const flaky = runs['flaky']!.run.run_id;
    const named = await runCliHere(['board', careful, flaky, careful, '--json', 'named.json'], cwd);
    expect(named.code, named.stderr).toBe(0);
    const set = readJson<BoardSet>(join(cwd, 'named.json'));
    expect(set.boards.map((board) => board.runs.map((run) => run.run_id))).toEqual([
      [careful],
      [flaky],
    ]);

    const suite = await runCliHere(['board', '--suite', 'nope'], cwd);
    expect(suite.code).toBe(2);
    expect(suite.stderr).toContain('error E_RUN_NOT_FOUND: no finished run of suite nope in ');
    expect(suite.stderr).toContain('Suites with stored runs: support.');
    const byPath = await runCliHere(['board', '--suite', join(REPO, 'examples/support/')], cwd);
    expect(byPath.code, byPath.stderr).toBe(0);
    expect(byPath.stdout).toContain('suite support');
    const missing = await runCliHere(['board', 'latest~99'], cwd);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('error E_RUN_NOT_FOUND: no run "latest~99"');
    const both = await runCliHere(['board', careful, '--suite', 'support'], cwd);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('error E_USAGE: --suite picks runs by suite');
  });

  it('compare names the faults a run was played under, in the terminal, Markdown and JSON', async () => {
    const careful = runs['careful']!.run.run_id;
    const flaky = runs['flaky']!.run.run_id;
    const result = await runCliHere(
      ['compare', careful, flaky, '--json', 'compare.json', '--md', 'compare.md'],
      cwd,
    );
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[3]).toBe('   same system spec, but the runs differ in faults');
    expect(lines[4]).toMatch(
      /^ {3}settings faults \(A none; B timeout, rate_limit, 1 injection\(s\) \([0-9a-f]{8}\)\)$/,
    );
    expect(result.stdout).toMatch(/^note: the runs were played under different settings: faults /m);
    const comparison = readJson<Comparison>(join(cwd, 'compare.json'));
    expect(comparison.system_differences).toEqual([]);
    expect(comparison.setting_differences.map((difference) => difference.setting)).toEqual([
      'faults',
    ]);
    const markdown = readFileSync(join(cwd, 'compare.md'), 'utf8');
    expect(markdown).toContain('Same system spec, but the runs differ in `faults`:');
    expect(markdown).toMatch(/^- `faults`: A none · B timeout, rate\\_limit, 1 injection\(s\) /m);

    const same = await runCliHere(
      ['compare', careful, runs['sloppy']!.run.run_id, '--json', 'same.json'],
      cwd,
    );
    expect(same.stdout.split('\n')[3]).toBe('   systems differ in agent.options.slip');
    expect(readJson<Comparison>(join(cwd, 'same.json')).setting_differences).toEqual([]);
  });

  // Last: it changes a stored trial behind the store's back.
  it('refuses a run changed outside endstate, and with --accept-tampered marks every output', async () => {
    const sloppy = runs['sloppy']!.run.run_id;
    const db = new Database(join(cwd, '.endstate/endstate.db'));
    try {
      db.prepare('UPDATE trials SET success = 1 - success WHERE run_id = ? AND attempt = 1').run(
        sloppy,
      );
    } finally {
      db.close();
    }
    const refused = await runCliHere(['board'], cwd);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^error E_TAMPERED: /m);
    const shown = await runCliHere(
      ['board', '--accept-tampered', '--json', 'tampered.json', '--html', 'tampered.html'],
      cwd,
    );
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(new RegExp(`^\\*\\*\\* .*${sloppy}.* \\*\\*\\*$`, 'm'));
    const json = readJson<{ integrity: { warnings: string[] } }>(join(cwd, 'tampered.json'));
    expect(json.integrity.warnings).toHaveLength(1);
    expect(json.integrity.warnings[0]).toContain(sloppy);
    expect(readFileSync(join(cwd, 'tampered.html'), 'utf8')).toContain(
      JSON.stringify(json.integrity.warnings[0]).slice(1, 40),
    );
  });
});
