import { judgeValidationStatus, judgedRubrics } from '../report/index.js';
import type { Comparison, JudgedTrial, Scorecard } from '../report/index.js';
import type { StoreBeside } from './files-beside-store.js';
import { judgeValidationsPath, readJudgeValidations } from './judge-validations-file.js';

/**
 * The scorecard with a line per judge model and rubric the trials were
 * graded with, saying whether a validation is on record for it (read from
 * `judge-validations.jsonl` beside the store). Unchanged when no trial was judged.
 */
export function withJudgeValidation(
  scorecard: Scorecard,
  trials: readonly JudgedTrial[],
  store: StoreBeside,
): Scorecard {
  const judged = judgedRubrics(trials);
  if (judged.length === 0) return scorecard;
  const validations = readJudgeValidations(judgeValidationsPath(store));
  return { ...scorecard, judge_validation: judgeValidationStatus(judged, validations) };
}

/**
 * The comparison with, for each side, a line per judge model and rubric
 * its trials were graded with, saying whether a validation is on record
 * (the same record `report` reads). Unchanged when neither run was judged.
 */
export function withComparisonJudgeValidation(
  comparison: Comparison,
  trials: { readonly a: readonly JudgedTrial[]; readonly b: readonly JudgedTrial[] },
  store: StoreBeside,
): Comparison {
  const judgedA = judgedRubrics(trials.a);
  const judgedB = judgedRubrics(trials.b);
  if (judgedA.length === 0 && judgedB.length === 0) return comparison;
  const validations = readJudgeValidations(judgeValidationsPath(store));
  return {
    ...comparison,
    judge_validation: {
      a: judgeValidationStatus(judgedA, validations),
      b: judgeValidationStatus(judgedB, validations),
    },
  };
}
