import type { JudgeCaller } from '../schema/index.js';

/**
 * The judge `endstate validate` grades with: it needs no model and passes
 * every rubric, so a task's hard checks (oracle, known-bad paths,
 * do-nothing, replay) are validated as they are, and a task with a rubric
 * is not a grader failure for want of a model. Rubrics themselves are
 * graded at run time (`--judge`) and trusted once validated against people
 * (`endstate judge validate --record`); a known-bad path that only the
 * judge would catch cannot be checked here.
 */
export const VALIDATION_JUDGE: JudgeCaller = {
  model: 'endstate:validate-stand-in',
  ask: () =>
    Promise.resolve({
      text: JSON.stringify({
        verdict: 'pass',
        score: 1,
        reasons: ['endstate validate does not grade rubrics: a judge model does, at run time'],
      }),
      input_tokens: 0,
      output_tokens: 0,
      cost_usd: 0,
    }),
};
