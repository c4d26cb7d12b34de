import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Tau2ResultsSchema } from '../../src/import/tau2/tau2-results.js';
import { REPO, runCli, tempFolder } from './run-cli.js';

const MINI = join(REPO, 'test/fixtures/tau2-retail-mini');

/** A project folder whose suites' environments reach `endstate` through a link. */
function project(): string {
  const cwd = tempFolder();
  writeFileSync(join(cwd, 'package.json'), '{ "type": "module" }\n');
  mkdirSync(join(cwd, 'node_modules'));
  symlinkSync(REPO, join(cwd, 'node_modules', 'endstate'), 'dir');
  return cwd;
}

describe('a tau2 suite from import to export', () => {
  const tau2Dir = process.env.TAU2_DIR;

  it("imports tau2 data, runs the oracle, reports tau2's verdict and exports tau2's results format", () => {
    const cwd = project();
    const imported = runCli(['import', 'tau2', MINI, '--out', 'suite'], cwd);
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain('6 tau2 retail tasks');

    const run = runCli(
      ['run', 'suite', '--agent', 'oracle', '--trials', '2', '--md', 'summary.md'],
      cwd,
    );
    expect(run.code).toBe(0);
    // The two tasks with nl_assertions need a judge model: a run without one leaves them out.
    expect(run.stderr).toContain('2 task(s) with a judge rubric not run');
    const outcome = run.stdout.split('\n').find((line) => line.startsWith('Outcome'));
    expect(outcome).toContain(
      "(8/8; the checks of each task's reward_basis, constraints ignored: tau2's verdict)",
    );
    expect(run.stdout).not.toContain("tau-bench's verdict");
    expect(readFileSync(join(cwd, 'summary.md'), 'utf8')).toContain("tau2's verdict");

    const exported = runCli(['export', 'tau2', 'latest', '--out', 'results.json'], cwd);
    expect(exported.code).toBe(0);
    expect(exported.stderr).toContain('8 simulation(s) of 4 task(s)');
    const results = Tau2ResultsSchema.parse(
      JSON.parse(readFileSync(join(cwd, 'results.json'), 'utf8')),
    );
    expect(results.simulations.map((simulation) => simulation.reward_info?.reward)).toEqual(
      Array.from({ length: 8 }, () => 1),
    );

    if (tau2Dir !== undefined) {
      const summary = JSON.parse(
        execFileSync('python3', [
          join(REPO, 'scripts/tau2-gold.py'),
          '--tau2',
          tau2Dir,
          '--validate-results',
          join(cwd, 'results.json'),
        ]).toString(),
      ) as { valid: boolean; simulations: number; average_reward: number };
      expect(summary).toMatchObject({ valid: true, simulations: 8, average_reward: 1 });
    }
  }, 60_000);

  it.skipIf(tau2Dir === undefined)(
    "gives every simulation of a slipping agent the reward tau2's own evaluators give its messages (set TAU2_DIR to a tau2-bench checkout to run)",
    () => {
      const cwd = project();
      expect(runCli(['import', 'tau2', MINI, '--out', 'suite'], cwd).code).toBe(0);
      const run = runCli(
        ['run', 'suite', '--agent', 'simulated', '--slip', '0.3', '--trials', '6', '--seed', '7'],
        cwd,
      );
      expect(run.code).not.toBe(2);
      expect(runCli(['export', 'tau2', 'latest', '--out', 'results.json'], cwd).code).toBe(0);
      const output = execFileSync('python3', [
        join(REPO, 'scripts/tau2-gold.py'),
        '--tau2',
        tau2Dir!,
        '--validate-results',
        join(cwd, 'results.json'),
        '--evaluate',
        '--domain-dir',
        MINI,
      ]).toString();
      const { evaluation } = JSON.parse(output) as {
        evaluation: {
          evaluated: number;
          equal: number;
          replay_errors: number;
          simulations: Record<string, { tau2: number | null; file: number | null }>;
        };
      };
      const rewards = Object.values(evaluation.simulations).map((entry) => entry.file);
      // Not vacuous: the slips make some trials fail and leave others passing.
      expect(rewards).toContain(0);
      expect(rewards).toContain(1);
      expect(evaluation).toMatchObject({ evaluated: 24, equal: 24, replay_errors: 0 });
    },
    120_000,
  );

  it("refuses to export a run whose tasks its suite's tau2 tasks.json no longer lists (exit 2, naming them)", () => {
    const cwd = project();
    expect(runCli(['import', 'tau2', MINI, '--out', 'suite'], cwd).code).toBe(0);
    expect(runCli(['run', 'suite', '--agent', 'oracle', '--tasks', 'swap-*'], cwd).code).toBe(0);
    writeFileSync(join(cwd, 'suite/data/tasks.json'), '[]\n');
    const exported = runCli(['export', 'tau2', 'latest'], cwd);
    expect(exported.code).toBe(2);
    expect(exported.stderr).toContain('not tau2 tasks of its suite: swap-both-items');
  }, 60_000);
});
