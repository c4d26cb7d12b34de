import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, copyExample, example, runCli, runCliHere, tempFolder } from './run-cli.js';

interface JsonOutput {
  run: { run_id: string; trials_per_task: number };
  scorecard: {
    success_rate: { value: number; ci95: [number, number]; method: string };
    pass_hat_k: Record<string, number>;
    pass_at_k: Record<string, number>;
    terminal_reasons: Record<string, number>;
    exit_reasons: Record<string, number>;
    counts: { tasks: number; valid_trials: number; invalid_attempts: number };
  };
  trials: Record<string, unknown>[];
}

const readJson = (path: string): JsonOutput => JSON.parse(readFileSync(path, 'utf8')) as JsonOutput;

describe('endstate run', () => {
  it.each(['support', 'airline'])('solves every %s task with the oracle', async (name) => {
    const cwd = tempFolder();
    const result = await runCliHere(
      ['run', example(name), '--agent', 'oracle', '--json', 'out.json'],
      cwd,
    );
    expect(result.stderr).not.toMatch(/error/i);
    expect(result.code).toBe(0);
    const output = readJson(join(cwd, 'out.json'));
    expect(output.scorecard.success_rate.value).toBe(1);
    expect(output.scorecard.counts.tasks).toBeGreaterThanOrEqual(10);
    expect(result.stdout).toContain('Success    100.0%');
  });

  it('gives a simulated agent a success rate strictly between 0 and 1 and a non-increasing pass^k', async () => {
    const cwd = tempFolder();
    const result = await runCliHere(
      [
        'run',
        example('support'),
        '--agent',
        'simulated',
        '--slip',
        '0.1',
        '--trials',
        '8',
        '--json',
        'out.json',
      ],
      cwd,
    );
    expect(result.code).toBe(0);
    const { scorecard, trials } = readJson(join(cwd, 'out.json'));
    expect(scorecard.success_rate.value).toBeGreaterThan(0);
    expect(scorecard.success_rate.value).toBeLessThan(1);
    const [lower, upper] = scorecard.success_rate.ci95;
    expect(lower).toBeLessThan(scorecard.success_rate.value);
    expect(upper).toBeGreaterThan(scorecard.success_rate.value);
    const passHat = Object.values(scorecard.pass_hat_k);
    expect(passHat).toHaveLength(8);
    for (let k = 1; k < passHat.length; k++)
      expect(passHat[k]).toBeLessThanOrEqual(passHat[k - 1]!);
    expect(scorecard.terminal_reasons.success! + scorecard.terminal_reasons.agent_failure!).toBe(
      trials.length,
    );
    expect(Object.values(scorecard.exit_reasons).reduce((a, b) => a + b, 0)).toBe(trials.length);
    expect(trials[0]).toEqual(
      expect.objectContaining({
        task_id: expect.any(String),
        attempt: 1,
        seed: expect.any(Number),
        success: expect.any(Boolean),
        valid: true,
        terminal_reason: expect.any(String),
        exit_reason: expect.any(String),
        initial_state_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        final_state_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        state_diff: expect.any(Object),
        grades: expect.objectContaining({
          outcome: expect.objectContaining({ role: 'gate', version: expect.any(String) }),
        }),
        partial_score: null,
        usage: expect.any(Object),
      }),
    );
    expect(result.stdout).toMatch(/Why trials failed/);
  });

  it('recomputes the same scorecard from the store alone', async () => {
    const cwd = tempFolder();
    await runCliHere(
      [
        'run',
        example('airline'),
        '--agent',
        'simulated',
        '--trials',
        '3',
        '--seed',
        '5',
        '--json',
        'run.json',
      ],
      cwd,
    );
    const report = await runCliHere(['report', 'latest', '--json', 'report.json'], cwd);
    expect(report.code).toBe(0);
    const fromRun = readJson(join(cwd, 'run.json'));
    const fromStore = readJson(join(cwd, 'report.json'));
    expect(fromStore.scorecard).toEqual(fromRun.scorecard);
    expect(fromStore.trials).toEqual(fromRun.trials);
  });

  it('replays a trajectory file, running only its tasks', async () => {
    const cwd = tempFolder();
    writeFileSync(
      join(cwd, 'trajectory.json'),
      JSON.stringify({
        'refund-8842': [
          { tool: 'get_order', args: { order_id: '8842' } },
          { say: 'Done, refunded 42.99.' },
        ],
      }),
    );
    const result = await runCliHere(
      [
        'run',
        example('support'),
        '--agent',
        'replay',
        '--trajectory',
        'trajectory.json',
        '--json',
        'out.json',
      ],
      cwd,
    );
    expect(result.code).toBe(0);
    const { trials } = readJson(join(cwd, 'out.json'));
    expect(trials.map((trial) => [trial.task_id, trial.success])).toEqual([['refund-8842', false]]);
  });

  it('exits 1 when a --fail-under gate is not met', async () => {
    const cwd = tempFolder();
    const result = await runCliHere(
      [
        'run',
        example('support'),
        '--agent',
        'simulated',
        '--slip',
        '0.5',
        '--fail-under',
        'success_rate=0.99',
      ],
      cwd,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/gate failed: success_rate = 0\.\d+ is under 0\.99/);
  });
});

describe('endstate validate', () => {
  it.each(['support', 'airline'])('passes on the %s example', async (name) => {
    const result = await runCliHere(['validate', example(name)], tempFolder());
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/all \d+ tasks usable/);
  });

  it('fails a task whose reference message states the fact beside conflicting values', async () => {
    const cwd = copyExample('support');
    const file = join(cwd, 'support/tasks/quote-only-8843.yaml');
    const text = readFileSync(file, 'utf8');
    const said = 'A refund would be $25.99 (the lamp plus tax).';
    expect(text).toContain(said);
    const hedged = 'A refund would be $25.99, $24.99, $23.99, $22.99 or $21.99.';
    writeFileSync(file, text.replace(said, hedged));
    const result = await runCliHere(['validate', 'support'], cwd);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('FAIL quote-only-8843 (tasks/quote-only-8843.yaml)');
    expect(result.stdout).toContain(
      '✗ oracle: the task is broken: its reference path fails check expect.communicate[0]: the reference message states conflicting values: "25.99" was said, but beside 4 other amounts ($24.99, $23.99, $22.99, ...): not a commitment',
    );
    expect(result.stdout).toMatch(/1 of \d+ tasks unusable/);
  });
});

describe('bad input', () => {
  const digest = (path: string): string =>
    existsSync(path) ? createHash('sha256').update(readFileSync(path)).digest('hex') : 'absent';

  it('reports every problem with file:line and field, exits 2 and leaves the store untouched', async () => {
    const cwd = tempFolder();
    expect((await runCliHere(['run', example('support'), '--agent', 'oracle'], cwd)).code).toBe(0);
    const store = join(cwd, '.endstate/endstate.db');
    const before = [digest(store), digest(`${store}-wal`)];

    const result = await runCliHere(['run', join(REPO, 'test/fixtures/broken-suite')], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
    for (const line of [
      'tasks/malformed-yaml.yaml:6:16: a string opened with " is not closed: `instruction: "Refund order 8842`. Add the closing " at the end of the string.',
      'tasks/unknown-tool.yaml:9:7 reference[1].tool: unknown tool "refund_everything"',
      'tasks/unknown-environment.yaml:3:1 environment: unknown environment "helpdesk"',
      'tasks/cel-syntax-error.yaml:10:7 expect.assert[1]: CEL does not parse',
      'tasks/schema-errors.yaml:2:1 revision:',
      'tasks/schema-errors.yaml:9:34 expect.changes[0].too: unknown field "too": did you mean `expect.changes[0].to`?',
    ]) {
      expect(result.stderr).toContain(line);
    }
    expect([digest(store), digest(`${store}-wal`)]).toEqual(before);
    const report = await runCliHere(['report', 'latest'], cwd);
    expect(report.stdout).toContain('Success    100.0%');
  });

  it('refuses an output aimed at the store (exit 2) and leaves every recorded run readable', async () => {
    const cwd = tempFolder();
    expect((await runCliHere(['run', example('support'), '--agent', 'oracle'], cwd)).code).toBe(0);
    const store = join(cwd, '.endstate/endstate.db');
    const before = digest(store);
    for (const args of [
      ['run', example('support'), '--json', '.endstate/endstate.db'],
      ['report', 'latest', '--html', '.endstate/endstate.db'],
      ['report', 'latest', '--junit', '.endstate/endstate.db-wal'],
      ['report', 'latest', '--json', 'same.json', '--md', 'same.json'],
    ]) {
      const result = await runCliHere(args, cwd);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(/is the result store|is also the file of/);
    }
    expect(digest(store)).toBe(before);
    expect((await runCliHere(['report', 'latest'], cwd)).stdout).toContain('Success    100.0%');
  });

  it('rejects a missing suite, an unknown option value and a trajectory naming unknown tasks with exit 2', async () => {
    const cwd = tempFolder();
    expect(await runCliHere(['run', 'no/such/suite'], cwd)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('no/such/suite does not exist'),
    });
    expect(await runCliHere(['run', example('support'), '--trials', '0'], cwd)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('expected a whole number from 1 to 10000'),
    });
    expect((await runCliHere(['run', example('support'), '--agent', 'gpt'], cwd)).code).toBe(2);
    writeFileSync(join(cwd, 'bad.json'), JSON.stringify({ 'no-such-task': [{ say: 'hi' }] }));
    expect(
      await runCliHere(
        ['run', example('support'), '--agent', 'replay', '--trajectory', 'bad.json'],
        cwd,
      ),
    ).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('names unknown task(s): no-such-task'),
    });
    expect(existsSync(join(cwd, '.endstate'))).toBe(false);
  });

  it('says so when there is no store to report from', async () => {
    const result = await runCliHere(['report'], tempFolder());
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('no result store at');
  });
});

/**
 * The built binary, spawned as a user runs it: each command once. The
 * tests above run the CLI in this process; these show that the package
 * starts, loads each command's code from dist/ and leaves with the exit
 * code it returned, with nothing left holding the process open. Each
 * spawn waits for a process of its own, so these tests take longer on a
 * busy machine.
 */
describe('the binary, as a user runs it', () => {
  it('is also dist/cli/main.js run directly, which lists the first steps first', () => {
    const cwd = tempFolder();
    const direct = (args: readonly string[]) =>
      spawnSync(process.execPath, [join(REPO, 'dist/cli/main.js'), ...args], {
        cwd,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      });
    const help = direct(['--help']);
    expect(help.status, help.stderr).toBe(0);
    const commands = [...help.stdout.matchAll(/^ {2}([a-z]+) /gm)].map((match) => match[1]);
    expect(commands.slice(0, 3)).toEqual(['init', 'examples', 'run']);
    const unknown = direct(['nosuch']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("unknown command 'nosuch'");
    const init = direct(['init', 'evals']);
    expect(init.status, init.stderr).toBe(0);
    expect(existsSync(join(cwd, 'evals/environment.ts'))).toBe(true);
  });

  it('runs a suite, then reports, shows, compares, regrades and labels its runs', () => {
    const cwd = tempFolder();
    const support = example('support');
    const gated = runCli(
      ['run', support, '--agent', 'simulated', '--slip', '0.3', '--trials', '2', '--seed', '3'],
      cwd,
    );
    expect(gated.code, gated.stderr).toBe(0);
    const failing = gated.stdout.match(/^Success {4}(\d+\.\d)%/m)?.[1];
    expect(Number(failing)).toBeLessThan(100);
    const gate = runCli(
      ['run', support, '--agent', 'oracle', '--fail-under', 'success_rate=1'],
      cwd,
    );
    expect(gate.code, gate.stderr).toBe(0);
    expect(gate.stdout).toContain('Success    100.0%');
    const under = runCli(['report', 'latest~1', '--fail-under', 'success_rate=1'], cwd);
    expect(under.code).toBe(1);
    expect(under.stderr).toMatch(/gate failed: success_rate = 0\.\d+ is under 1/);

    const show = runCli(['show', 'refund-8842', '--run', 'latest~1'], cwd);
    expect(show.code, show.stderr).toBe(0);
    expect(show.stdout).toMatch(/^refund-8842 · attempt \d+ · /);
    const compare = runCli(['compare', 'latest~1', 'latest'], cwd);
    expect(compare.code, compare.stderr).toBe(0);
    expect(compare.stdout).toMatch(/^endstate compare · suite support · \d+ task\(s\) paired/);
    const labels = runCli(['labels', 'export', 'latest~1', '--out', 'labels.jsonl'], cwd);
    expect(labels.code, labels.stderr).toBe(0);
    const lines = readFileSync(join(cwd, 'labels.jsonl'), 'utf8').trim().split('\n');
    expect(labels.stderr).toContain(`wrote ${lines.length} failed trial(s)`);
    const imported = runCli(['labels', 'import', 'labels.jsonl'], cwd);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain(`(${lines.length} unlabelled line(s) skipped)`);
    const agree = runCli(['labels', 'agree', 'labels.jsonl', 'labels.jsonl'], cwd);
    expect(agree.code).toBe(2);
    expect(agree.stderr).toContain('label no trial in common');
    const regrade = runCli(['regrade', 'latest'], cwd);
    expect(regrade.code, regrade.stderr).toBe(0);
    expect(regrade.stdout).toMatch(/^endstate · run-\S+-regrade-/);
  }, 120_000);

  it('validates, locks, perturbs and diagnoses a suite of its own, and writes starters', () => {
    const cwd = copyExample('support');
    const validate = runCli(['validate', 'support'], cwd);
    expect(validate.code, validate.stderr).toBe(0);
    expect(validate.stdout).toMatch(/^all \d+ tasks usable/m);
    const lock = runCli(['lock', 'support'], cwd);
    expect(lock.code, lock.stderr).toBe(0);
    expect(existsSync(join(cwd, 'support/endstate.lock.json'))).toBe(true);
    const perturb = runCli(['perturb', 'support', '--kinds', 'typos', '--out', 'typos'], cwd);
    expect(perturb.code, perturb.stderr).toBe(0);
    expect(existsSync(join(cwd, 'typos/tasks/refund-8842~typos.yaml'))).toBe(true);
    const diagnose = runCli(['diagnose', 'support', '--tasks', 'refund-8842'], cwd);
    expect(diagnose.code, diagnose.stderr).toBe(0);
    expect(diagnose.stdout).toMatch(/^ {2}oracle-plan {2}100\.0% /m);
    expect(runCli(['init', 'evals'], cwd).code).toBe(0);
    expect(existsSync(join(cwd, 'evals/environment.ts'))).toBe(true);
    expect(runCli(['examples', 'ex'], cwd).code).toBe(0);
    expect(existsSync(join(cwd, 'ex/support/environment.ts'))).toBe(true);
  }, 120_000);

  it('plans, measures a judge, and stops import and worker on what they cannot read or reach', () => {
    const cwd = tempFolder();
    const plan = runCli(['plan', '--p', '0.5', '--width', '0.1'], cwd);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toMatch(/^Tasks needed: \d+/);
    writeFileSync(
      join(cwd, 'judged.jsonl'),
      ['pass', 'fail', 'fail']
        .map((human, index) => JSON.stringify({ id: `i${index}`, human, judge: 'pass' }))
        .join('\n'),
    );
    const judge = runCli(['judge', 'validate', 'judged.jsonl'], cwd);
    expect(judge.code, judge.stderr).toBe(0);
    expect(judge.stdout).toContain('(1/3 labelled alike)');
    const imported = runCli(['import', 'taubench', 'no-such-folder', '--out', 'retail'], cwd);
    expect(imported.code).toBe(2);
    expect(imported.stderr).toContain('no tau-bench task files in');
    const worker = runCli(['worker', '--queue', 'redis://127.0.0.1:1'], cwd);
    expect(worker.code).toBe(4);
    expect(worker.stderr).toContain('error E_QUEUE: cannot reach the queue at redis://127.0.0.1:1');
  }, 120_000);
});
