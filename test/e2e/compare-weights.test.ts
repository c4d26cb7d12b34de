import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Comparison } from '../../src/report/index.js';
import { copyExample, runCliHere } from './run-cli.js';

/** Sets a task file's `weight` (the line after its `revision`). */
function setWeight(suite: string, taskId: string, weight: number): void {
  const file = join(suite, 'tasks', `${taskId}.yaml`);
  const text = readFileSync(file, 'utf8').replace(/^weight: .*\n/m, '');
  writeFileSync(file, text.replace(/^(revision: .*\n)/m, `$1weight: ${weight}\n`));
}

async function runSupport(cwd: string, slip: string, seed: string): Promise<void> {
  const args = ['--agent', 'simulated', '--slip', slip, '--trials', '2', '--seed', seed];
  const result = await runCliHere(['run', join(cwd, 'support'), ...args], cwd);
  expect(result.stderr).not.toMatch(/error/i);
}

describe('endstate compare on a suite with task weights', () => {
  let cwd = '';
  beforeAll(async () => {
    cwd = copyExample('support');
    const suite = join(cwd, 'support');
    setWeight(suite, 'final-sale-8860', 4);
    setWeight(suite, 'already-refunded-8870', 2);
    await runSupport(cwd, '0.05', '1');
    await runSupport(cwd, '0.5', '2');
  }, 120_000);

  it('weighs the mean difference and both success rates by the suite, and says so', async () => {
    const result = await runCliHere(
      ['compare', 'latest~1', 'latest', '--json', 'compare.json'],
      cwd,
    );
    expect(result.code).toBe(0);
    const comparison = JSON.parse(readFileSync(join(cwd, 'compare.json'), 'utf8')) as Comparison;
    const weights = comparison.tasks.map((task) => task.weight);
    expect(weights.filter((weight) => weight !== 1).sort()).toEqual([2, 4]);
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    const weighted = comparison.tasks.reduce(
      (sum, task) => sum + (task.weight / total) * task.difference,
      0,
    );
    expect(comparison.weighting.method).toBe('suite');
    expect(comparison.difference.value).toBeCloseTo(weighted, 12);
    expect(comparison.b.success_rate - comparison.a.success_rate).toBeCloseTo(weighted, 12);
    expect(result.stdout).toMatch(
      /^Success .*\(weighted by the suite over \d+ paired task\(s\)\)$/m,
    );
    expect(result.stdout).toContain('note: the suite weighs its tasks unequally');
  });

  it('refuses (exit 2) a run whose task weighs differently, naming the task', async () => {
    setWeight(join(cwd, 'support'), 'final-sale-8860', 1);
    await runSupport(cwd, '0.05', '3');
    const result = await runCliHere(['compare', 'latest~1', 'latest'], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/task final-sale-8860 weighs 4 in run \S+ and 1 in run/);
  }, 120_000);
});
