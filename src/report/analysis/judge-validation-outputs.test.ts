import { describe, expect, it } from 'vitest';
import { buildRun } from '../../../test/support/run-fixture.js';
import { validateJunit } from '../../../test/support/xmllint.js';
import type { JudgeValidation, TrialRecord } from '../../schema/index.js';
import { buildGrade, buildTrialRecord } from '../../testing/index.js';
import { buildScorecard } from './build-scorecard.js';
import { escapeMarkdown } from '../rendering/escape-markdown.js';
import { judgeValidationStatus, judgedRubrics } from './judge-validation-status.js';
import { renderJunit } from '../rendering/render-junit.js';
import { renderMarkdown } from '../rendering/render-markdown.js';
import { renderTerminal } from '../rendering/render-terminal.js';
import type { Scorecard } from '../scorecard.js';

const MODEL = 'openai:gpt-4o';
const RUBRIC = 'c'.repeat(64);

/** Two trials of a rubric task, graded by the judge at $0.002 each. */
const trials: TrialRecord[] = [1, 2].map((attempt) =>
  buildTrialRecord({
    task_id: 'explain-window',
    attempt,
    success: attempt === 1,
    grades: {
      judge: {
        ...buildGrade([], { pass: attempt === 1 }),
        evidence: { model: MODEL, rubric_hash: RUBRIC, verdict: 'pass', cost_usd: 0.002 },
      },
    },
  }),
);

const validation: JudgeValidation = {
  recorded_at: '2026-12-01T10:00:00.000Z',
  model: MODEL,
  rubric_hash: RUBRIC,
  task_id: 'explain-window',
  labels_file: 'labels.jsonl',
  items: 40,
  accuracy: { rate: 0.9, ci95: [0.77, 0.96] },
  kappa: { value: 0.8, ci95: [0.6, 0.92] },
};

/** The scorecard as `run` and `report` give it: with the judge's status from the validations on record. */
function scorecardWith(validations: readonly JudgeValidation[]): Scorecard {
  const card = buildScorecard(buildRun(['explain-window'], 2), trials);
  return { ...card, judge_validation: judgeValidationStatus(judgedRubrics(trials), validations) };
}

const UNVALIDATED = `judge: unvalidated (no validation on record for ${MODEL}, rubric cccccccccccc; task explain-window; 2 trials judged for $0.0040)`;

describe('an unvalidated judge in every report format', () => {
  const card = scorecardWith([]);

  it('is said in the terminal scorecard', () => {
    expect(renderTerminal(card)).toContain(UNVALIDATED);
  });

  it('is said in the Markdown summary, with a warning sign', () => {
    expect(renderMarkdown({ scorecard: card, taskGate: 1 })).toContain(`<br>⚠️ ${UNVALIDATED}`);
  });

  it('is a property of the JUnit test suite, and the XML stays valid', async () => {
    const xml = renderJunit({ scorecard: card, trials, taskGate: 1 });
    expect(xml).toContain(`<property name="judge" value="${UNVALIDATED}"/>`);
    expect(await validateJunit(xml)).toMatchObject({ valid: true });
  });

  it('is in the JSON scorecard with a null validation', () => {
    const json = JSON.parse(JSON.stringify(card)) as Scorecard;
    expect(json.judge_validation).toEqual([
      {
        model: MODEL,
        rubric_hash: RUBRIC,
        task_ids: ['explain-window'],
        trials: 2,
        cost_usd: 0.004,
        validation: null,
      },
    ]);
  });

  it('becomes validated in every format once a validation of that model and rubric is on record', () => {
    const validated = scorecardWith([validation]);
    const line = `judge: validated, kappa 0.80 [0.60, 0.92] on 40 labels (${MODEL}, rubric cccccccccccc; task explain-window; 2 trials judged for $0.0040)`;
    expect(renderTerminal(validated)).toContain(line);
    expect(renderMarkdown({ scorecard: validated, taskGate: 1 })).toContain(
      `<br>${escapeMarkdown(line)}`,
    );
    expect(renderJunit({ scorecard: validated, trials, taskGate: 1 })).toContain(
      `<property name="judge" value="${line}"/>`,
    );
    for (const text of [
      renderTerminal(validated),
      renderMarkdown({ scorecard: validated, taskGate: 1 }),
      renderJunit({ scorecard: validated, trials, taskGate: 1 }),
    ]) {
      expect(text).not.toContain('unvalidated');
    }
  });
});
