import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Tau2ResultsSchema } from '../../src/import/tau2/tau2-results.js';
import { REPO, runCli, tempFolder } from './run-cli.js';

const MINI = join(REPO, 'test/fixtures/tau2-airline-mini');

/** A project folder whose suites' environments reach `endstate` through a link. */
function project(): string {
  const cwd = tempFolder();
  writeFileSync(join(cwd, 'package.json'), '{ "type": "module" }\n');
  mkdirSync(join(cwd, 'node_modules'));
  symlinkSync(REPO, join(cwd, 'node_modules', 'endstate'), 'dir');
  return cwd;
}

describe('a tau2 airline suite from import to export', () => {
  it("imports tau2 airline data, validates, runs the oracle to tau2's verdict of 100% and exports tau2's results format", () => {
    const cwd = project();
    const imported = runCli(['import', 'tau2', MINI, '--out', 'suite'], cwd);
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain('7 tau2 airline tasks');
    // tau2's task ids, one file each.
    const ids = (JSON.parse(readFileSync(join(MINI, 'tasks.json'), 'utf8')) as { id: string }[])
      .map((task) => `${task.id}.yaml`)
      .sort();
    expect(readdirSync(join(cwd, 'suite/tasks')).sort()).toEqual(ids);

    const validated = runCli(['validate', 'suite'], cwd);
    expect(validated.stderr).toBe('');
    expect(validated.code).toBe(0);

    const run = runCli(['run', 'suite', '--agent', 'oracle', '--trials', '2'], cwd);
    expect(run.stderr).not.toContain('judge rubric');
    expect(run.code).toBe(0);
    const outcome = run.stdout.split('\n').find((line) => line.startsWith('Outcome'));
    expect(outcome).toContain(
      "(14/14; the checks of each task's reward_basis, constraints ignored: tau2's verdict)",
    );

    const exported = runCli(['export', 'tau2', 'latest', '--out', 'results.json'], cwd);
    expect(exported.code).toBe(0);
    expect(exported.stderr).toContain('14 simulation(s) of 7 task(s)');
    const results = Tau2ResultsSchema.parse(
      JSON.parse(readFileSync(join(cwd, 'results.json'), 'utf8')),
    );
    expect(results.info.environment_info.domain_name).toBe('airline');
    expect(results.simulations.map((simulation) => simulation.reward_info?.reward)).toEqual(
      Array.from({ length: 14 }, () => 1),
    );

    const tau2Dir = process.env.TAU2_DIR;
    if (tau2Dir !== undefined) {
      const summary = JSON.parse(
        execFileSync('python3', [
          join(REPO, 'scripts/tau2-gold.py'),
          '--tau2',
          tau2Dir,
          '--validate-results',
          join(cwd, 'results.json'),
          '--evaluate',
          '--domain-dir',
          MINI,
        ]).toString(),
      ) as {
        valid: boolean;
        average_reward: number;
        evaluation: { evaluated: number; equal: number };
      };
      expect(summary).toMatchObject({
        valid: true,
        average_reward: 1,
        evaluation: { evaluated: 14, equal: 14 },
      });
    }
  }, 90_000);

  it.skipIf(process.env.TAU2_DIR === undefined)(
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
        process.env.TAU2_DIR!,
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
      expect(evaluation).toMatchObject({ evaluated: 42, equal: 42, replay_errors: 0 });
    },
    120_000,
  );
});
