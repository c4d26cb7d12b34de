import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { example, runCliHere, tempFolder } from './run-cli.js';
import { GRADER_VERSION } from '../../src/grade/index.js';

interface Trial {
  task_id: string;
  attempt: number;
  success: boolean;
  valid: boolean;
  terminal_reason: string;
  exit_reason: string;
}
interface JsonOutput {
  run: { run_id: string; regraded_from?: string };
  trials: Trial[];
}

const readJson = (path: string): JsonOutput => JSON.parse(readFileSync(path, 'utf8')) as JsonOutput;
const verdicts = (trials: readonly Trial[]) =>
  trials.map(({ task_id, attempt, success, terminal_reason, exit_reason }) => ({
    task_id,
    attempt,
    success,
    terminal_reason,
    exit_reason,
  }));

/** A suite folder of its own: the support environment and a copy of one of its tasks. */
function supportCopy(cwd: string, task: string): string {
  const suite = join(cwd, 'suite');
  mkdirSync(join(suite, 'tasks'), { recursive: true });
  writeFileSync(
    join(suite, 'environment.mts'),
    `export { default } from ${JSON.stringify(join(example('support'), 'environment.ts'))};\n`,
  );
  copyFileSync(
    join(example('support'), 'tasks', `${task}.yaml`),
    join(suite, 'tasks', `${task}.yaml`),
  );
  return suite;
}

describe('endstate regrade', () => {
  it(
    'regrades the latest run into a new run with the same verdicts, leaving the old run as it was',
    { timeout: 120_000 },
    async () => {
      const cwd = tempFolder();
      const run = await runCliHere(
        [
          'run',
          example('support'),
          '--agent',
          'simulated',
          '--slip',
          '0.2',
          '--trials',
          '2',
          '--seed',
          '4',
          '--json',
          'run.json',
        ],
        cwd,
      );
      expect(run.code).toBe(0);
      const original = readJson(join(cwd, 'run.json'));

      const result = await runCliHere(['regrade', 'latest', '--json', 'regrade.json'], cwd);
      expect(result.stderr).not.toMatch(/error/i);
      expect(result.code).toBe(0);
      const regraded = readJson(join(cwd, 'regrade.json'));
      expect(regraded.run.run_id).toMatch(
        new RegExp(`^${original.run.run_id}-regrade-[0-9a-f]{6}$`),
      );
      expect(regraded.run.regraded_from).toBe(original.run.run_id);
      expect(verdicts(regraded.trials)).toEqual(verdicts(original.trials));
      expect(result.stdout).toContain(`endstate · ${regraded.run.run_id}`);
      expect(result.stdout).toContain(
        `Regraded ${original.run.run_id} as ${regraded.run.run_id} (grader version ${GRADER_VERSION} → ${GRADER_VERSION})`,
      );
      expect(result.stdout).toContain(
        `${original.trials.length} of ${original.trials.length} regraded`,
      );
      expect(result.stdout).toContain(
        'fail → pass     0\n  pass → fail     0\n  not regradable  0',
      );

      const old = await runCliHere(['report', original.run.run_id, '--json', 'old.json'], cwd);
      expect(old.code).toBe(0);
      expect(readJson(join(cwd, 'old.json')).trials).toEqual(original.trials);
      expect((await runCliHere(['report'], cwd)).stdout).toContain(
        `endstate · ${regraded.run.run_id}`,
      );
    },
  );

  it(
    'refuses a run whose task file changed, naming it, and regrades against it when allowed',
    { timeout: 120_000 },
    async () => {
      const cwd = tempFolder();
      const suite = supportCopy(cwd, 'quote-only-8843');
      expect((await runCliHere(['run', suite, '--agent', 'oracle'], cwd)).code).toBe(0);
      // The amount the agent must tell changes (a new revision): the oracle's answer no longer has it.
      const task = join(suite, 'tasks', 'quote-only-8843.yaml');
      writeFileSync(
        task,
        readFileSync(task, 'utf8')
          .replace('revision: 1', 'revision: 2')
          .replace("communicate: ['25.99']", "communicate: ['26.99']"),
      );

      const refused = await runCliHere(['regrade'], cwd);
      expect(refused.code).toBe(2);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toMatch(
        /^error E_SUITE_CHANGED: suite suite changed since run run-\S+ was made \(suite hash [0-9a-f]{12} then, [0-9a-f]{12} now\)\n {2}tasks\/quote-only-8843\.yaml: task quote-only-8843 is at revision 2; the run's trials used revision 1\nHint: Restore the suite as it was, or regrade against the suite as it is now with --allow-suite-change/,
      );

      const allowed = await runCliHere(['regrade', '--allow-suite-change'], cwd);
      expect(allowed.code).toBe(0);
      expect(allowed.stdout).toContain('pass → fail     1: quote-only-8843 #1');
    },
  );

  it(
    'saves the failures of a stored run as regression cases that fail again on replay',
    { timeout: 120_000 },
    async () => {
      const cwd = tempFolder();
      expect(
        (
          await runCliHere(
            [
              'run',
              example('support'),
              '--agent',
              'simulated',
              '--slip',
              '0.3',
              '--trials',
              '2',
              '--seed',
              '2',
            ],
            cwd,
          )
        ).code,
      ).toBe(0);
      const report = await runCliHere(
        ['report', '--save-failures', 'cases', '--json', 'run.json'],
        cwd,
      );
      expect(report.code).toBe(0);
      const failed = readJson(join(cwd, 'run.json')).trials.filter(
        (trial) => trial.valid && !trial.success,
      );
      expect(failed.length).toBeGreaterThan(0);
      expect(report.stderr).toContain(
        `saved ${failed.length} failed trial(s) as regression cases in cases`,
      );
      for (const trial of failed) {
        const stem = `${trial.task_id}--a${trial.attempt}`;
        expect(existsSync(join(cwd, 'cases', `${stem}.trajectory.json`))).toBe(true);
        expect(existsSync(join(cwd, 'cases', `${stem}.verdict.json`))).toBe(true);
      }
      // trajectories.json holds each task's first failed attempt; each fails again the same way.
      const firstFailures = failed.filter(
        (trial, index) => failed.findIndex((other) => other.task_id === trial.task_id) === index,
      );

      const replay = await runCliHere(
        [
          'run',
          example('support'),
          '--agent',
          'replay',
          '--trajectory',
          'cases/trajectories.json',
          '--json',
          'replay.json',
        ],
        cwd,
      );
      expect(replay.code).toBe(0);
      const endings = (trials: readonly Trial[]) =>
        verdicts(trials).map(({ attempt: _attempt, ...ending }) => ending);
      expect(endings(readJson(join(cwd, 'replay.json')).trials)).toEqual(endings(firstFailures));
    },
  );
});
