import { describe, expect, it } from 'vitest';
import { buildRun } from '../../../test/support/run-fixture.js';
import type { JudgeValidation, TrialRecord } from '../../schema/index.js';
import { buildGrade, buildTrialRecord } from '../../testing/index.js';
import { compareRuns } from './compare-runs.js';
import type { Comparison } from './comparison.js';
import { comparisonSection } from './comparison-section.js';
import { escapeMarkdown } from '../rendering/escape-markdown.js';
import { judgeValidationStatus, judgedRubrics } from './judge-validation-status.js';
import { renderComparisonMarkdown } from '../rendering/render-comparison-markdown.js';
import { renderComparisonTerminal } from '../rendering/render-comparison-terminal.js';

const RUBRIC = 'c'.repeat(64);

/** Two trials of a rubric task, graded by `model` at $0.002 each. */
const judgedTrials = (model: string): TrialRecord[] =>
  [1, 2].map((attempt) =>
    buildTrialRecord({
      task_id: 'explain-window',
      attempt,
      success: attempt === 1,
      grades: {
        judge: {
          ...buildGrade([], { pass: attempt === 1 }),
          evidence: { model, rubric_hash: RUBRIC, verdict: 'pass', cost_usd: 0.002 },
        },
      },
    }),
  );

const validation: JudgeValidation = {
  recorded_at: '2026-12-01T10:00:00.000Z',
  model: 'openai:gpt-4o',
  rubric_hash: RUBRIC,
  task_id: 'explain-window',
  labels_file: 'labels.jsonl',
  items: 40,
  accuracy: { rate: 0.9, ci95: [0.77, 0.96] },
  kappa: { value: 0.8, ci95: [0.6, 0.92] },
};

/** A judged by a validated judge, B by one without a validation on record. */
function judgedComparison(): Comparison {
  const trialsA = judgedTrials('openai:gpt-4o');
  const trialsB = judgedTrials('openai:gpt-4o-mini');
  const run = buildRun(['explain-window'], 2);
  const comparison = compareRuns(
    { run: { ...run, run_id: 'run-a' }, trials: trialsA },
    { run: { ...run, run_id: 'run-b' }, trials: trialsB },
  );
  return {
    ...comparison,
    judge_validation: {
      a: judgeValidationStatus(judgedRubrics(trialsA), [validation]),
      b: judgeValidationStatus(judgedRubrics(trialsB), [validation]),
    },
  };
}

const VALIDATED =
  'judge: validated, kappa 0.80 [0.60, 0.92] on 40 labels (openai:gpt-4o, rubric cccccccccccc; task explain-window; 2 trials judged for $0.0040)';
const UNVALIDATED =
  'judge: unvalidated (no validation on record for openai:gpt-4o-mini, rubric cccccccccccc; task explain-window; 2 trials judged for $0.0040)';

describe("each side's judge validation in compare", () => {
  it('is said in the terminal, per side', () => {
    const lines = renderComparisonTerminal(judgedComparison()).split('\n');
    expect(lines.filter((line) => line.startsWith('Judge'))).toEqual([
      `Judge A     ${VALIDATED}`,
      `Judge B     ${UNVALIDATED}`,
    ]);
  });

  it('is said in the Markdown, an unvalidated judge with a warning sign', () => {
    const markdown = renderComparisonMarkdown(judgedComparison());
    expect(markdown).toContain(
      `A: ${escapeMarkdown(VALIDATED)}  \nB: ⚠️ ${escapeMarkdown(UNVALIDATED)}  `,
    );
  });

  it('is kept in the JSON, with a null validation for the unvalidated judge', () => {
    const json = JSON.parse(JSON.stringify(judgedComparison())) as Comparison;
    expect(json.judge_validation?.a[0]?.validation).toEqual(validation);
    expect(json.judge_validation?.b[0]).toMatchObject({
      model: 'openai:gpt-4o-mini',
      validation: null,
    });
  });

  it("is said in the HTML report's comparison section", () => {
    expect(comparisonSection(judgedComparison()).data).toMatchObject({
      summary: { 'judge A': VALIDATED, 'judge B': UNVALIDATED },
    });
  });

  it('says nothing of judges when neither run was judged', () => {
    const run = buildRun(['t1'], 1);
    const trials = [buildTrialRecord({ task_id: 't1', attempt: 1, success: true })];
    const comparison = compareRuns({ run, trials }, { run, trials });
    expect(renderComparisonTerminal(comparison)).not.toContain('judge');
  });
});
