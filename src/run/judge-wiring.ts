import { EndstateError, canonicalJson, jsonEqual } from '../core/index.js';
import type { JsonObject } from '../core/index.js';
import { JUDGE_PROMPT_VERSION } from '../grade/index.js';
import { DEFAULT_JUDGE_DECODING, createJudgeCaller, parseModelRef } from '../model/index.js';
import type { ModelRef } from '../model/index.js';
import type { Task } from '../task/index.js';
import type { CallerFactory } from './run-plan.js';
import type { RunJudge } from './run-suite.js';

/** The judge `ref` names, pinned at temperature 0 with this endstate's judge prompt. */
export async function judgeFor(ref: ModelRef, callerFor: CallerFactory): Promise<RunJudge> {
  const caller = await callerFor(ref);
  return {
    forTrial: (trial) => createJudgeCaller({ caller, trial, decoding: DEFAULT_JUDGE_DECODING }),
    spec: { ...ref, ...DEFAULT_JUDGE_DECODING, prompt_version: JUDGE_PROMPT_VERSION },
  };
}

/**
 * The judge a stored system spec's `judge` entry names, rebuilt (its API
 * key still comes from the environment, or its answers from a recording).
 * A judge this endstate would pin differently (another prompt version or
 * decoding) is refused with the fields that differ: its verdicts would not
 * be the run's judge's.
 */
export async function judgeFromSpec(
  spec: JsonObject | undefined,
  callerFor: CallerFactory,
): Promise<RunJudge | undefined> {
  if (spec === undefined) return undefined;
  const { provider, id, base_url: baseUrl } = spec;
  if (typeof provider !== 'string' || typeof id !== 'string') {
    throw new EndstateError(
      'E_USAGE',
      'judge.provider and judge.id of the system spec must be strings',
      {
        hint: 'Pass --judge provider:id.',
      },
    );
  }
  // An OpenAI-compatible base URL is part of the reference's text; a hosted provider's is kept beside it.
  const compatible = provider === 'openai-compatible' && typeof baseUrl === 'string';
  const ref = parseModelRef(`${provider}:${compatible ? `${baseUrl}#` : ''}${id}`, 'judge');
  const judge = await judgeFor(
    !compatible && typeof baseUrl === 'string' ? { ...ref, base_url: baseUrl } : ref,
    callerFor,
  );
  const fields = [...new Set([...Object.keys(spec), ...Object.keys(judge.spec)])].sort();
  const differing = fields.filter(
    (field) => !jsonEqual(spec[field] ?? null, judge.spec[field] ?? null),
  );
  if (differing.length > 0) {
    throw new EndstateError(
      'E_USAGE',
      `the judge of the system spec (${provider}:${id}) cannot be rebuilt as it was`,
      {
        problems: differing.map((field) => ({
          message: `judge.${field}: ${canonicalJson(spec[field] ?? null)} then, ${canonicalJson(judge.spec[field] ?? null)} now`,
        })),
        hint: "Pass --judge provider:id to judge with this endstate's settings.",
      },
    );
  }
  return judge;
}

/** Tasks graded against a rubric, which need a judge model. */
export function judgedTasks(tasks: readonly Task[]): Task[] {
  return tasks.filter((task) => task.spec.judge !== undefined);
}

/**
 * The tasks a run without `--judge` plays: those with a rubric are left
 * out (said on stderr), since no verdict could be given on them; a silent
 * pass would be worse, and a run of grader failures helps no one. When
 * every selected task has a rubric, nothing could be graded: a usage error.
 */
export function tasksWithoutJudge(
  tasks: readonly Task[],
  note: (text: string) => void,
): readonly Task[] {
  const judged = judgedTasks(tasks);
  if (judged.length === 0) return tasks;
  const names = judged.map((task) => task.id).join(', ');
  if (judged.length === tasks.length) {
    throw new EndstateError(
      'E_USAGE',
      `every selected task is graded by a judge model (${names}), and the run has none`,
      { hint: 'Pass --judge provider:id (e.g. --judge openai:gpt-4o) to grade their rubrics.' },
    );
  }
  note(
    `note: ${judged.length} task(s) with a judge rubric not run, for want of a judge model: ${names}; pass --judge provider:id to run them\n`,
  );
  return tasks.filter((task) => task.spec.judge === undefined);
}
