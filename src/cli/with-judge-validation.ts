import { judgeValidationStatus, judgedRubrics } from '../report/index.js';
import type { JudgedTrial, Scorecard } from '../report/index.js';
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
