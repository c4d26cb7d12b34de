import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO, runCli } from './run-cli.js';

const MINI = join(REPO, 'test/fixtures/taubench-airline-mini');
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/**
 * A folder inside the package: the suite's environment.ts imports
 * `endstate/airline`, which resolves to the build (dist/) from here, as it
 * would from a project that installed endstate.
 */
function folderInPackage(): string {
  mkdirSync(join(REPO, '.endstate'), { recursive: true });
  const folder = mkdtempSync(join(REPO, '.endstate', 'e2e-airline-'));
  folders.push(folder);
  return folder;
}

interface Trial {
  task_id: string;
  success: boolean;
}

describe('endstate import taubench on an airline folder', () => {
  it('writes a suite the CLI validates and the oracle solves through endstate/airline', () => {
    const cwd = folderInPackage();
    const imported = runCli(['import', 'taubench', MINI, '--out', 'suite'], cwd);
    expect(imported.stderr).not.toContain('Error');
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain(
      'wrote suite (tau-bench airline): 8 test tasks, 6 known-bad paths, 1 tasks whose correct outcome is no change',
    );
    const validated = runCli(['validate', 'suite'], cwd);
    expect(validated.code, validated.stdout + validated.stderr).toBe(0);
    expect(validated.stdout).toMatch(/all 8 tasks usable/);
    const run = runCli(['run', 'suite', '--agent', 'oracle', '--json', 'out.json'], cwd);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const { trials } = JSON.parse(readFileSync(join(cwd, 'out.json'), 'utf8')) as {
      trials: Trial[];
    };
    expect(trials.map((trial) => [trial.task_id, trial.success])).toEqual(
      [0, 1, 2, 3, 4, 5, 6, 7].map((index) => [`test-00${index}`, true]),
    );
  });

  it('names the line of a task file it cannot read', () => {
    const cwd = folderInPackage();
    const broken = join(cwd, 'broken');
    mkdirSync(broken);
    cpSync(join(MINI, 'data'), join(broken, 'data'), { recursive: true });
    cpSync(join(MINI, 'wiki.md'), join(broken, 'wiki.md'));
    const source = readFileSync(join(MINI, 'tasks_test.py'), 'utf8').replace(
      'outputs=["10"]',
      'outputs=[ten]',
    );
    const line = source.split('\n').findIndex((text) => text.includes('outputs=[ten]')) + 1;
    writeFileSync(join(broken, 'tasks_test.py'), source);
    const result = runCli(['import', 'taubench', 'broken', '--out', 'suite'], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('E_TASK_INVALID');
    expect(result.stderr).toContain(`tasks_test.py:${line}:`);
    expect(result.stderr).toContain('ten is a name, not a literal');
  });
});
