import { describe, expect, it } from 'vitest';
import type { JudgeValidation } from '../../schema/index.js';
import {
  describeJudgeValidation,
  judgeValidationStatus,
  judgedRubrics,
} from './judge-validation-status.js';

const HASH_A = 'a'.repeat(64);
const HASH_B = 'b'.repeat(64);

function validation(overrides: Partial<JudgeValidation>): JudgeValidation {
  return {
    recorded_at: '2026-12-01T10:00:00.000Z',
    model: 'openai:gpt-4o',
    rubric_hash: HASH_A,
    task_id: 'explain-refund',
    labels_file: 'labels.jsonl',
    items: 120,
    accuracy: { rate: 0.9, ci95: [0.83, 0.94] },
    kappa: { value: 0.81, ci95: [0.7, 0.9] },
    ...overrides,
  };
}

const judged = [
  {
    model: 'openai:gpt-4o',
    rubric_hash: HASH_A,
    task_ids: ['explain-refund'],
    trials: 8,
    cost_usd: 0.012,
  },
];

describe('judgeValidationStatus', () => {
  it('is unvalidated when the validations on record are of another model or another rubric', () => {
    const [status] = judgeValidationStatus(judged, [
      validation({ model: 'openai:gpt-4o-mini' }),
      validation({ rubric_hash: HASH_B }),
    ]);
    expect(status!.validation).toBeNull();
    expect(describeJudgeValidation(status!)).toBe(
      'judge: unvalidated (no validation on record for openai:gpt-4o, rubric aaaaaaaaaaaa; task explain-refund; 8 trials judged for $0.0120)',
    );
  });

  it('takes the latest validation of the same model and rubric', () => {
    const old = validation({ items: 40, kappa: { value: 0.5, ci95: [0.2, 0.8] } });
    const latest = validation({ recorded_at: '2026-12-01T11:00:00.000Z' });
    const [status] = judgeValidationStatus(judged, [latest, old]);
    expect(status!.validation).toBe(latest);
    expect(describeJudgeValidation(status!)).toBe(
      'judge: validated, kappa 0.81 [0.70, 0.90] on 120 labels (openai:gpt-4o, rubric aaaaaaaaaaaa; task explain-refund; 8 trials judged for $0.0120)',
    );
  });

  it('names the tasks the labels came from when the validation recorded them', () => {
    const [status] = judgeValidationStatus(judged, [validation({ tasks: 30 })]);
    expect(describeJudgeValidation(status!)).toContain(
      'kappa 0.81 [0.70, 0.90] on 120 labels in 30 tasks (openai:gpt-4o',
    );
  });

  it('says n/a for a kappa without a value', () => {
    const [status] = judgeValidationStatus(judged, [
      validation({ kappa: { value: null, ci95: [null, null] } }),
    ]);
    expect(describeJudgeValidation(status!)).toContain('kappa n/a [n/a, n/a]');
  });
});

describe('judgedRubrics', () => {
  const judgeGrade = (model: string, hash: string, cost = 0.25) => ({
    judge: { evidence: { model, rubric_hash: hash, verdict: 'pass', cost_usd: cost } },
  });

  it('gathers each model and rubric once, with the tasks graded by it', () => {
    expect(
      judgedRubrics([
        { task_id: 'a', grades: judgeGrade('openai:gpt-4o', HASH_A) },
        { task_id: 'a', grades: judgeGrade('openai:gpt-4o', HASH_A) },
        { task_id: 'b', grades: judgeGrade('openai:gpt-4o', HASH_A, 0.5) },
        { task_id: 'c', grades: judgeGrade('openai:gpt-4o', HASH_B) },
        { task_id: 'd', grades: { outcome: { evidence: null } } },
        { task_id: 'e' },
      ]),
    ).toEqual([
      { model: 'openai:gpt-4o', rubric_hash: HASH_A, task_ids: ['a', 'b'], trials: 3, cost_usd: 1 },
      { model: 'openai:gpt-4o', rubric_hash: HASH_B, task_ids: ['c'], trials: 1, cost_usd: 0.25 },
    ]);
  });

  it('finds nothing in a run without judge grades, so no line is shown', () => {
    expect(judgedRubrics([{ task_id: 'a', grades: { outcome: { evidence: null } } }])).toEqual([]);
  });
});
