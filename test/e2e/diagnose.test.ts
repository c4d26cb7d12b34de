import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Diagnosis } from '../../src/report/index.js';
import { example, runCliHere, tempFolder } from './run-cli.js';

interface ReportOutput {
  run: { run_id: string; system_hash: string; system: { mode?: string } };
  scorecard: { success_rate: { value: number; successes: number; trials: number } };
  trials: { task_id: string; valid: boolean; success: boolean }[];
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

/** Each task's success rate over its valid trials, straight from the records. */
function taskRates(trials: ReportOutput['trials']): Map<string, number> {
  const tallies = new Map<string, { c: number; n: number }>();
  for (const trial of trials.filter((candidate) => candidate.valid)) {
    const tally = tallies.get(trial.task_id) ?? { c: 0, n: 0 };
    tally.n += 1;
    if (trial.success) tally.c += 1;
    tallies.set(trial.task_id, tally);
  }
  return new Map([...tallies].map(([id, { c, n }]) => [id, c / n]));
}

describe('endstate diagnose', () => {
  let cwd = '';
  let diagnosis: Diagnosis;
  let stdout = '';
  const reports: ReportOutput[] = [];
  beforeAll(async () => {
    cwd = tempFolder();
    const args = ['--agent', 'simulated', '--slip', '0.3', '--trials', '3', '--seed', '5'];
    const result = await runCliHere(
      ['diagnose', example('support'), ...args, '--json', 'diagnosis.json'],
      cwd,
    );
    expect(result.stderr).not.toMatch(/error/i);
    expect(result.code).toBe(0);
    stdout = result.stdout;
    diagnosis = readJson<Diagnosis>(join(cwd, 'diagnosis.json'));
    for (const run of diagnosis.runs) {
      const report = await runCliHere(['report', run.run_id, '--json', `${run.mode}.json`], cwd);
      expect(report.code).toBe(0);
      reports.push(readJson<ReportOutput>(join(cwd, `${run.mode}.json`)));
    }
  }, 240_000);

  it('plays three stored runs, one per mode, each with its own system hash', async () => {
    expect(diagnosis.runs.map((run) => run.mode)).toEqual(['dialogue', 'no-user', 'oracle-plan']);
    expect(reports.map((report) => report.run.system.mode)).toEqual([
      undefined,
      'no-user',
      'oracle-plan',
    ]);
    expect(new Set(reports.map((report) => report.run.system_hash)).size).toBe(3);
    const header = await runCliHere(['report', diagnosis.runs[1]!.run_id], cwd);
    expect(header.stdout.split('\n').slice(0, 4)).toContain('mode: no-user, diagnosis only');
  });

  it("shows each mode's success rate as the records give it, with its denominator", () => {
    for (const [index, run] of diagnosis.runs.entries()) {
      const { trials } = reports[index]!;
      const rates = [...taskRates(trials).values()];
      const mean = rates.reduce((sum, rate) => sum + rate, 0) / rates.length;
      expect(run.success_rate.value).toBeCloseTo(mean, 12);
      expect(run.success_rate.trials).toBe(trials.filter((trial) => trial.valid).length);
      expect(run.success_rate.successes).toBe(trials.filter((trial) => trial.success).length);
      expect(run.success_rate.ci95[0]).toBeLessThan(run.success_rate.value);
      expect(run.success_rate.ci95[1]).toBeGreaterThan(run.success_rate.value);
      expect(stdout).toContain(
        `${run.success_rate.successes}/${run.success_rate.trials} valid trials`,
      );
    }
  });

  it('pairs the differences by task and attributes every task from its three rates', () => {
    const [dialogue, noUser, plan] = reports.map((report) => taskRates(report.trials));
    const ids = [...dialogue!.keys()];
    const meanDifference = (a: Map<string, number>, b: Map<string, number>): number =>
      ids.reduce((sum, id) => sum + b.get(id)! - a.get(id)!, 0) / ids.length;
    expect(diagnosis.differences[0]!.difference.value).toBeCloseTo(
      meanDifference(dialogue!, noUser!),
      12,
    );
    expect(diagnosis.differences[1]!.difference.value).toBeCloseTo(
      meanDifference(noUser!, plan!),
      12,
    );
    for (const task of diagnosis.tasks) {
      const [d, n, p] = [dialogue, noUser, plan].map((rates) => rates!.get(task.task_id)! > 0.5);
      const expected = d ? 'passed' : n ? 'dialogue' : p ? 'planning' : 'execution';
      expect(task.stage, task.task_id).toBe(expected);
    }
    const counted = Object.values(diagnosis.attribution.counts).reduce((sum, n) => sum + n, 0);
    expect(counted).toBe(ids.length);
  });

  it('renders the same diagnosis from the stored runs, and refuses them out of order', async () => {
    const ids = diagnosis.runs.map((run) => run.run_id);
    const again = await runCliHere(
      ['diagnose', '--runs', ids.join(','), '--json', 'again.json'],
      cwd,
    );
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(stdout);
    const swapped = await runCliHere(
      ['diagnose', '--runs', [ids[1], ids[0], ids[2]].join(',')],
      cwd,
    );
    expect(swapped.code).toBe(2);
    expect(swapped.stderr).toMatch(/was played in mode no-user, not dialogue/);
    const two = await runCliHere(['diagnose', '--runs', ids.slice(0, 2).join(',')], cwd);
    expect(two.code).toBe(2);
    expect(two.stderr).toMatch(/must name three runs/);
  });

  it('refuses a user model in no-user mode before anything runs', async () => {
    const result = await runCliHere(
      ['run', example('support'), '--mode', 'no-user', '--user-model', 'openai:gpt-4o-mini'],
      cwd,
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--mode no-user plays without a simulated user/);
  });
});
