import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { buildScorecard } from '../report/index.js';
import { TRIAL_RECORD_VERSION, failedChecks, successOf } from '../schema/index.js';
import { openSqliteStore } from './sqlite-store.js';

// A store written by endstate before grades (record version 1, fixed
// `outcome`, `constraints` and `response` fields): 7 support tasks × 2
// trials of the simulated agent, with the scorecard that version printed.
const FIXTURES = fileURLToPath(new URL('../../test/fixtures/stores/', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'endstate-v1-'));
const path = join(folder, 'store.sqlite');
copyFileSync(join(FIXTURES, 'record-v1.sqlite'), path);
copyFileSync(join(FIXTURES, 'record-v1.sqlite.key'), `${path}.key`);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

interface StoredV1 {
  readonly record_version: number;
  readonly success: boolean;
  readonly outcome: { readonly checks: readonly { id: string; pass: boolean }[] };
  readonly response: { readonly checks: readonly { id: string; pass: boolean }[] };
  readonly constraints: readonly { id: string; pass: boolean }[];
}

describe('records of version 1', () => {
  it('load as grades, verify against their seals, and report the figures version 1 reported', async () => {
    const raw = new Database(join(FIXTURES, 'record-v1.sqlite'), { readonly: true });
    const stored = raw
      .prepare<[], { record: string }>('SELECT record FROM trials ORDER BY task_id, attempt')
      .all()
      .map((row) => JSON.parse(row.record) as StoredV1 & { task_id: string; attempt: number });
    raw.close();
    expect(stored.every((record) => record.record_version === 1)).toBe(true);

    const store = openSqliteStore(path);
    try {
      const run = (await store.latestRun())!;
      expect(await store.verifyRun(run.run_id)).toEqual({ status: 'sealed', complete: true });
      const trials = await store.listTrials(run.run_id);
      expect(trials).toHaveLength(14);
      for (const trial of trials) {
        const old = stored.find(
          (record) => record.task_id === trial.task_id && record.attempt === trial.attempt,
        )!;
        expect(trial.record_version).toBe(TRIAL_RECORD_VERSION);
        expect(trial.partial_score).toBeNull();
        expect(trial.grades.outcome?.role).toBe('gate');
        // The same verdict and the same failed checks, read through grades.
        expect(successOf(trial.grades)).toBe(old.success);
        const oldFailed = [...old.outcome.checks, ...old.response.checks, ...old.constraints]
          .filter((check) => !check.pass)
          .map((check) => check.id)
          .sort();
        expect(
          failedChecks(trial)
            .map((check) => check.id)
            .sort(),
        ).toEqual(oldFailed);
      }
      const expected = JSON.parse(
        readFileSync(join(FIXTURES, 'record-v1-scorecard.json'), 'utf8'),
      ) as Record<string, unknown>;
      // As JSON: the report writes NaN as null.
      const card = JSON.parse(JSON.stringify(buildScorecard(run, trials))) as Record<
        string,
        unknown
      >;
      // The headline interval's method changed since (monotone at 0% and 100%): its
      // bounds are checked by its own tests; every count and rate must hold.
      const {
        ci95: _ci95,
        method: _method,
        effective_trials: _effective,
        ...rate
      } = expected['success_rate'] as Record<string, unknown>;
      expected['success_rate'] = rate;
      for (const field of Object.keys(expected)) {
        // Today's scorecard has more fields (task weights, ...): the old ones hold the old values.
        expect({ field, value: card[field] }).toMatchObject({ field, value: expected[field] });
      }
    } finally {
      await store.close();
    }
  });
});
