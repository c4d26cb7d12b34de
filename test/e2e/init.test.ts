import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, runCliHere, tempFolder } from './run-cli.js';

/**
 * A user's project as `npm install endstate` leaves it: endstate in
 * node_modules (here a link to this repository) and nothing else, not zod.
 * Its package.json says CommonJS, as `npm init` writes it.
 */
function userProject(): string {
  const cwd = tempFolder();
  writeFileSync(join(cwd, 'package.json'), '{ "name": "my-app", "type": "commonjs" }\n');
  mkdirSync(join(cwd, 'node_modules'));
  symlinkSync(REPO, join(cwd, 'node_modules', 'endstate'), 'dir');
  return cwd;
}

describe('endstate init in a project', () => {
  it('writes a suite that validates and that the oracle solves (100%)', async () => {
    const cwd = userProject();
    const init = await runCliHere(['init'], cwd);
    expect(init).toMatchObject({ code: 0, stderr: '' });
    expect(init.stdout).toContain('  npx endstate validate evals\n');

    const validate = await runCliHere(['validate', 'evals'], cwd);
    expect(validate.stderr).toBe('');
    expect(validate.code).toBe(0);
    expect(validate.stdout).toMatch(/^all 3 tasks usable \(/m);

    const run = await runCliHere(['run', 'evals', '--agent', 'oracle', '--json', 'out.json'], cwd);
    expect(run.code).toBe(0);
    const output = JSON.parse(readFileSync(join(cwd, 'out.json'), 'utf8')) as {
      scorecard: { success_rate: { value: number; successes: number; tasks: number } };
      trials: { task_id: string; success: boolean; state_diff: Record<string, unknown> }[];
    };
    expect(output.scorecard.success_rate).toMatchObject({ value: 1, successes: 3, tasks: 3 });
    const refused = output.trials.find((trial) => trial.task_id === 'annual-downgrade-refused');
    expect(refused).toMatchObject({ success: true, state_diff: {} });
  }, 180_000);

  it("prints the oracle's scorecard compactly, and every figure with --verbose", async () => {
    const cwd = userProject();
    expect((await runCliHere(['init'], cwd)).code).toBe(0);
    const beforeTable = (stdout: string): string[] =>
      stdout.slice(0, stdout.indexOf('┌')).trimEnd().split('\n');

    const run = await runCliHere(['run', 'evals', '--agent', 'oracle'], cwd);
    expect(run.code).toBe(0);
    const compact = beforeTable(run.stdout);
    expect(compact.length).toBeLessThanOrEqual(6);
    expect(compact).toContainEqual(expect.stringMatching(/^Success {4}100\.0% {2}95% CI/));
    // Nothing the oracle does costs anything, or breaks a rule.
    expect(run.stdout).not.toMatch(/^(Cost|Safety) /m);

    const cost = /^Cost {7}\$0\.0000 total · \$0\.0000 per success/m;
    const verbose = await runCliHere(['run', 'evals', '--agent', 'oracle', '--verbose'], cwd);
    expect(verbose.code).toBe(0);
    expect(verbose.stdout).toMatch(cost);
    expect(beforeTable(verbose.stdout).length).toBeGreaterThan(compact.length);
    const report = await runCliHere(['report', 'latest', '--verbose'], cwd);
    expect(report.code).toBe(0);
    expect(report.stdout).toMatch(cost);
    expect(report.stdout).toMatch(/^Safety {5}forbidden tool called 0\/1 /m);
  }, 120_000);

  it('refuses to write over the suite (exit 2, naming a file) until --force', async () => {
    const cwd = userProject();
    expect((await runCliHere(['init', 'evals'], cwd)).code).toBe(0);
    const again = await runCliHere(['init', 'evals'], cwd);
    expect(again.code).toBe(2);
    expect(again.stdout).toBe('');
    expect(again.stderr).toContain('  evals/environment.ts: already exists\n');
    expect(again.stderr).toContain('Hint: Pass --force to overwrite them, or name another folder.');
    expect((await runCliHere(['init', 'evals', '--force'], cwd)).code).toBe(0);
  }, 60_000);

  it('puts a suite at the root of a CommonJS project, leaving its package.json alone', async () => {
    const cwd = userProject();
    const before = readFileSync(join(cwd, 'package.json'), 'utf8');
    expect((await runCliHere(['init', '.'], cwd)).code).toBe(0);
    expect(readFileSync(join(cwd, 'package.json'), 'utf8')).toBe(before);
    const validate = await runCliHere(['validate', '.'], cwd);
    expect(validate.stderr).toBe('');
    expect(validate.code).toBe(0);
  }, 120_000);
});

describe('endstate examples in a project', () => {
  it('copies the bundled suites, which validate where they land', async () => {
    const cwd = userProject();
    const copied = await runCliHere(['examples'], cwd);
    expect(copied).toMatchObject({ code: 0, stderr: '' });
    expect(copied.stdout).toMatch(/^ {2}endstate-examples\/airline {2,}suite, 12 tasks$/m);
    const validate = await runCliHere(['validate', 'endstate-examples/airline'], cwd);
    expect(validate.stderr).toBe('');
    expect(validate.code).toBe(0);
    expect(validate.stdout).toMatch(/^all 12 tasks usable \(/m);
  }, 180_000);
});
