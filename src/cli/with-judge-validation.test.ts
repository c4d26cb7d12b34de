import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildRun } from '../../test/support/run-fixture.js';
import { compareRuns } from '../report/index.js';
import type { JudgeValidation, TrialRecord } from '../schema/index.js';
import { buildGrade, buildTrialRecord } from '../testing/index.js';
import { withComparisonJudgeValidation } from './with-judge-validation.js';

const RUBRIC = 'd'.repeat(64);

const judged = (model: string): TrialRecord[] => [
  buildTrialRecord({
    task_id: 'explain',
    attempt: 1,
    success: true,
    grades: {
      judge: {
        ...buildGrade([], { pass: true }),
        evidence: { model, rubric_hash: RUBRIC, verdict: 'pass', cost_usd: 0.001 },
      },
    },
  }),
];

const validation: JudgeValidation = {
  recorded_at: '2026-12-01T10:00:00.000Z',
  model: 'openai:gpt-4o',
  rubric_hash: RUBRIC,
  task_id: 'explain',
  labels_file: 'labels.jsonl',
  items: 30,
  accuracy: { rate: 0.9, ci95: [0.74, 0.97] },
  kappa: { value: 0.78, ci95: [0.55, 0.93] },
};

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('withComparisonJudgeValidation', () => {
  it("reads the validations on record beside the store for each side's judge", () => {
    const folder = mkdtempSync(join(tmpdir(), 'endstate-compare-judge-'));
    folders.push(folder);
    writeFileSync(join(folder, 'judge-validations.jsonl'), `${JSON.stringify(validation)}\n`);
    const trials = { a: judged('openai:gpt-4o'), b: judged('openai:gpt-4o-mini') };
    const run = buildRun(['explain'], 1);
    const comparison = compareRuns({ run, trials: trials.a }, { run, trials: trials.b });
    const shown = withComparisonJudgeValidation(comparison, trials, join(folder, 'runs.db'));
    expect(shown.judge_validation?.a.map((status) => status.validation)).toEqual([validation]);
    expect(shown.judge_validation?.b.map((status) => [status.model, status.validation])).toEqual([
      ['openai:gpt-4o-mini', null],
    ]);
  });

  it('leaves a comparison of runs without a judge unchanged', () => {
    const run = buildRun(['t1'], 1);
    const trials = [buildTrialRecord({ task_id: 't1', attempt: 1, success: true })];
    const comparison = compareRuns({ run, trials }, { run, trials });
    expect(
      withComparisonJudgeValidation(comparison, { a: trials, b: trials }, '/nowhere/runs.db'),
    ).toBe(comparison);
  });
});
