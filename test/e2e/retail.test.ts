import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { jsonEqual } from '../../src/core/index.js';
import { REPO, example, runCli, tempFolder } from './run-cli.js';

type Records = Record<string, Record<string, unknown>>;
interface GoldEntry {
  readonly errors: readonly (string | null)[];
  readonly changed: Record<string, Records[string]>;
}

const gold = JSON.parse(
  gunzipSync(readFileSync(join(REPO, 'test/fixtures/taubench-retail-gold.json.gz'))).toString(
    'utf8',
  ),
) as Record<'test' | 'train' | 'dev', GoldEntry[]>;

const seed: Record<string, Records> = Object.fromEntries(
  ['users', 'orders', 'products'].map((collection) => [
    collection,
    JSON.parse(
      readFileSync(join(REPO, 'examples/retail/data', `${collection}.json`), 'utf8'),
    ) as Records,
  ]),
);

interface Trial {
  task_id: string;
  success: boolean;
  state_diff: Record<string, Record<string, { before: unknown; after: unknown }>>;
}

describe('the tau-bench retail suite', () => {
  it('is exactly what the importer makes of the tau-bench data', () => {
    const out = tempFolder();
    const result = runCli(
      ['import', 'taubench', join(REPO, 'examples/retail/data'), '--out', out],
      out,
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('115 test, 500 train, 20 dev tasks');
    const shipped = readdirSync(join(REPO, 'examples/retail/tasks')).sort();
    expect(readdirSync(join(out, 'tasks')).sort()).toEqual(shipped);
    const differing = shipped.filter(
      (file) =>
        readFileSync(join(out, 'tasks', file), 'utf8') !==
        readFileSync(join(REPO, 'examples/retail/tasks', file), 'utf8'),
    );
    expect(differing).toEqual([]);
    expect(readFileSync(join(out, 'data', 'LICENSE'), 'utf8')).toContain('MIT License');
  });

  it('validates: the oracle solves all 635 tasks and every known-bad path fails', () => {
    const result = runCli(['validate', example('retail')], tempFolder());
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('suite retail: 635 tasks');
    expect(result.stdout).toMatch(/all 635 tasks usable \(\d+ checks/);
  });

  it("reaches tau-bench's gold end state on every task, number for number", () => {
    const cwd = tempFolder();
    const result = runCli(
      ['run', example('retail'), '--agent', 'oracle', '--json', 'out.json'],
      cwd,
    );
    expect(result.code).toBe(0);
    const { trials } = JSON.parse(readFileSync(join(cwd, 'out.json'), 'utf8')) as {
      trials: Trial[];
    };
    expect(trials).toHaveLength(635);
    const mismatches: string[] = [];
    for (const trial of trials) {
      expect(trial.success, trial.task_id).toBe(true);
      const [split, index] = trial.task_id.split('-') as ['test' | 'train' | 'dev', string];
      const expected = gold[split][Number(index)]!.changed;
      // Every record the oracle changed is the gold one, bit for bit...
      for (const [collection, records] of Object.entries(trial.state_diff)) {
        for (const [id, change] of Object.entries(records)) {
          if (!jsonEqual(change.after, expected[collection]?.[id]))
            mismatches.push(`${trial.task_id} ${collection}/${id}`);
        }
      }
      // ...and every gold change is in the diff (Python may rewrite a record with equal values).
      for (const [collection, records] of Object.entries(expected)) {
        for (const [id, record] of Object.entries(records)) {
          const inDiff = trial.state_diff[collection]?.[id] !== undefined;
          if (!inDiff && !jsonEqual(record, seed[collection]?.[id]))
            mismatches.push(`${trial.task_id} missing ${collection}/${id}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('scores a simulated agent on the test split with pass^1..8, an interval and the outcome-only verdict', () => {
    const cwd = tempFolder();
    const result = runCli(
      [
        'run',
        example('retail'),
        '--tasks',
        'test-*',
        '--agent',
        'simulated',
        '--trials',
        '8',
        '--json',
        'out.json',
        '--verbose',
      ],
      cwd,
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /pass\^k {5}k=1 [\d.]+ \[[\d.]+, [\d.]+\] {2}k=2 [\d.]+ \[[\d.]+, [\d.]+\] .*\n {11}k=5 .* k=8 [\d.]+ \[[\d.]+, [\d.]+\]/,
    );
    expect(result.stdout).toMatch(/Outcome {4}\d+\.\d% {2}95% CI/);
    const { scorecard } = JSON.parse(readFileSync(join(cwd, 'out.json'), 'utf8')) as {
      scorecard: {
        counts: { tasks: number; valid_trials: number };
        pass_hat_k: Record<string, number>;
        success_rate: { value: number; ci95: [number, number] };
        outcome_only: { success_rate: { value: number } };
      };
    };
    expect(scorecard.counts).toMatchObject({ tasks: 115, valid_trials: 920 });
    expect(Object.keys(scorecard.pass_hat_k)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(scorecard.success_rate.ci95[0]).toBeLessThan(scorecard.success_rate.value);
    expect(scorecard.outcome_only.success_rate.value).toBeGreaterThanOrEqual(
      scorecard.success_rate.value,
    );
  });
});
