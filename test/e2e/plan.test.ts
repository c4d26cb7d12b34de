import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { intraTaskCorrelation } from '../../src/stats/index.js';
import { example, runCliHere, tempFolder } from './run-cli.js';

// Worked examples (reference quantiles from SciPy: z_0.975 = 1.9599639845, z_0.8 = 0.8416212336,
// t quantiles stats.t.ppf; each n reaches 80% exact noncentral-t power and n − 1 does not):
//   p = 0.7 → 0.8, D = 0.1, k = 1: σ_d² = 0.21 + 0.16 = 0.37; n₀ = 290.41, t rule 293
//   k = 4, r = 0.3: σ_d² = 0.3·0.37 + 0.7·0.37/4 = 0.17575; n = 140; k → ∞: 0.111, n = 90
//   p = 0.5 → 0.6, k = 4, r = 0.3, ρ = 0.784: σ_d² = 0.031776 + 0.08575 = 0.117526; n = 95
//   p = 0.5, W = 0.05, k = 1: n₀ = 384.15, t rule 387

describe('endstate plan', () => {
  it('prints 293 tasks to detect 0.7 → 0.8 with one trial per task, and the formula', async () => {
    const result = await runCliHere(['plan', '--p', '0.7', '--delta', '0.1'], tempFolder());
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^Tasks needed: 293\n/);
    expect(result.stdout).toContain('from p = 0.7 to 0.8 (D = 0.1)');
    expect(result.stdout).toContain('σ_d² = r·(v_A + v_B − 2ρ·√(v_A·v_B)) + (1 − r)·(v_A + v_B)/k');
    expect(result.stdout).toContain('(1.96 + 0.8416)² · 0.37 / 0.01 = 290.41');
    expect(result.stdout).toContain('n = 293: (1.9681 + 0.8429)² · 0.37 / 0.01 = 292.36 ≤ 293');
    expect(result.stdout).toMatch(/^ {2}r = 0\.3 +default guess.*does not change the answer here/m);
  });

  it('needs 95 tasks, not 41, when the systems correlate at ρ = 0.784 with 4 trials per task', async () => {
    const result = await runCliHere(
      ['plan', '--p', '0.5', '--delta', '0.1', '--trials', '4', '--icc', '0.3'].concat([
        '--correlation',
        '0.784',
      ]),
      tempFolder(),
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Tasks needed: 95\n/);
    expect(result.stdout).toContain('between tasks: 0.3·(0.49 − 2·0.784·0.244949) = 0.031776');
    expect(result.stdout).toContain('within tasks:  (1 − 0.3)·0.49/4 = 0.08575');
    expect(result.stdout).toContain('σ_d² = 0.117526');
  });

  it('shows how the tasks needed fall with trials per task, down to the r floor', async () => {
    const result = await runCliHere(
      ['plan', '--p', '0.7', '--delta', '0.1', '--trials', '4', '--icc', '0.3'],
      tempFolder(),
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Tasks needed: 140\n/);
    expect(result.stdout).toContain('(560 trials per system)');
    expect(result.stdout).toContain(
      [
        '  trials per task   design effect   tasks   trials per system',
        '                1           1.000     293                 293',
        '                2           1.300     191                 382',
        '                4           1.900     140                 560',
        '                8           3.100     115                 920',
      ].join('\n'),
    );
    expect(result.stdout).toContain('no number of trials brings it under 90 tasks');
    expect(result.stdout).toMatch(/^ {2}r = 0\.3 +--icc$/m);
    expect(result.stdout).not.toContain('guess');
  });

  it('prints 387 tasks for a ±0.05 interval at p = 0.5 (the t interval over tasks)', async () => {
    const result = await runCliHere(['plan', '--p', '0.5', '--width', '0.05'], tempFolder());
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Tasks needed: 387\n/);
    expect(result.stdout).toContain('for a 95% interval of ±0.05');
    expect(result.stdout).toContain('= 384.15');
  });

  it.each([
    [['--p', '1.5', '--delta', '0.1'], "option '--p <P>' argument '1.5' is invalid"],
    [['--p', '0.7', '--delta', '0'], "option '--delta <D>' argument '0' is invalid"],
    [['--p', '0.7', '--delta', '0.1', '--trials', '0'], "option '--trials <k>' argument '0'"],
    [['--p', '0.7', '--width', '0.1', '--icc', '2'], "option '--icc <r>' argument '2'"],
    [['--p', '0.7', '--delta', '0.1', '--correlation', '1.5'], "option '--correlation <rho>'"],
    [['--p', '0.7'], 'plan needs exactly one of --delta and --width'],
    [['--p', '0.7', '--delta', '0.1', '--width', '0.1'], 'exactly one of --delta and --width'],
    [['--p', '0.9', '--delta', '0.95'], '--delta 0.95 is impossible from p = 0.9 (--p)'],
    [['--delta', '0.1'], 'plan needs --p, or --from a stored pilot run'],
    [['--from', 'latest', '--delta', '0.1'], 'no result store at'],
  ])('exits 2 on bad values: %j', async (args, message) => {
    const result = await runCliHere(['plan', ...args], tempFolder());
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
  });
});

interface RunOutput {
  run: { run_id: string };
  scorecard: {
    success_rate: { value: number };
    tasks: { successes: number; trials: number }[];
  };
}

const short = (value: number): string => String(Number(value.toFixed(4)));

describe('endstate plan --from a pilot run', () => {
  let cwd = '';
  let pilot: RunOutput;
  beforeAll(async () => {
    cwd = tempFolder();
    const args = ['--agent', 'simulated', '--slip', '0.3', '--seed', '3', '--json', 'pilot.json'];
    const result = await runCliHere(['run', example('support'), '--trials', '4', ...args], cwd);
    expect(result.code).not.toBe(2);
    pilot = JSON.parse(readFileSync(join(cwd, 'pilot.json'), 'utf8')) as RunOutput;
  }, 120_000);

  it('takes p, r and k from the pilot run and says so', async () => {
    const counts = pilot.scorecard.tasks.filter((task) => task.trials > 0);
    const icc = intraTaskCorrelation(counts);
    expect(icc.status).toBe('estimated');
    const p = pilot.scorecard.success_rate.value;
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(1);

    const result = await runCliHere(['plan', '--from', 'latest', '--delta', '0.1'], cwd);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const from = `pilot run ${pilot.run.run_id}`;
    expect(result.stdout).toContain(
      `  p = ${short(p)}`.padEnd(16) +
        `${from}: task-weighted success rate over ${counts.length} tasks`,
    );
    expect(result.stdout).toContain(`  k = 4`.padEnd(16) + `${from}: its trials per task`);
    expect(result.stdout).toContain(
      `  r = ${short(icc.icc)}`.padEnd(16) +
        `${from}: intra-task correlation of ${icc.trials} valid trials over ${counts.length} tasks`,
    );
    expect(result.stdout).not.toContain('guess');
    const expected = await runCliHere(
      ['plan', '--p', String(p), '--delta', '0.1', '--trials', '4', '--icc', String(icc.icc)],
      cwd,
    );
    expect(result.stdout.split('\n')[0]).toBe(expected.stdout.split('\n')[0]);
  });

  it('lets flags override the pilot run', async () => {
    const result = await runCliHere(
      ['plan', '--from', pilot.run.run_id, '--width', '0.05', '--icc', '0.5', '--trials', '2'],
      cwd,
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^ {2}r = 0\.5 +--icc$/m);
    expect(result.stdout).toMatch(/^ {2}k = 2 +--trials$/m);
    expect(result.stdout).toMatch(/^ {2}p = \S+ +pilot run /m);
  });

  it('falls back to the default r, with the reason, when the pilot ran one trial per task', async () => {
    const args = ['--agent', 'simulated', '--slip', '0.3', '--seed', '4', '--trials', '1'];
    expect((await runCliHere(['run', example('support'), ...args], cwd)).code).not.toBe(2);
    const result = await runCliHere(
      ['plan', '--from', 'latest', '--delta', '0.1', '--trials', '4'],
      cwd,
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^ {2}r = 0\.3 +default guess: pilot run \S+ cannot estimate it \(it has one valid trial per task, so trials of a task cannot be compared with each other\); set --icc$/m,
    );
    expect(result.stdout).toContain('r = 0.3 is a guess');
  });

  it('refuses a pilot run whose records were changed outside endstate (exit 2)', async () => {
    const store = join(tempFolder(), 'pilot.db');
    const args = ['--agent', 'simulated', '--slip', '0.3', '--trials', '2', '--store', store];
    expect((await runCliHere(['run', example('support'), ...args], cwd)).code).not.toBe(2);
    const db = new Database(store);
    db.prepare(
      "UPDATE trials SET record = json_set(record, '$.seed', 424242) WHERE rowid = (SELECT min(rowid) FROM trials)",
    ).run();
    db.close();
    const result = await runCliHere(
      ['plan', '--from', 'latest', '--store', store, '--delta', '0.1'],
      cwd,
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('E_TAMPERED');
    expect(result.stderr).toContain('was changed outside endstate');
  });

  it('exits 2 naming the run when no run matches', async () => {
    const result = await runCliHere(['plan', '--from', 'no-such-run', '--delta', '0.1'], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('no run "no-such-run"');
  });
});
