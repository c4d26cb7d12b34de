import type { Check, GraderOutput, JudgeReply, JudgeSpec } from '../schema/index.js';
import { defineGrader } from './grader.js';
import type { GradeContext, Grader } from './grader.js';
import { GraderError } from './grader-error.js';
import { JUDGE_PROMPT_VERSION, buildJudgePrompt, rubricHash } from './judge-prompt.js';
import { parseJudgeReply } from './parse-judge-reply.js';

/** Longest stretch of an unreadable reply kept as evidence, in characters. */
const MAX_REPLY_EVIDENCE_CHARS = 500;

function usageOf(model: string, reply: JudgeReply) {
  return {
    model,
    input_tokens: reply.input_tokens,
    output_tokens: reply.output_tokens,
    cost_usd: reply.cost_usd,
  };
}

async function gradeWithJudge(spec: JudgeSpec, context: GradeContext): Promise<GraderOutput> {
  const judge = context.judge;
  if (judge === undefined) {
    throw new GraderError(
      'judge: this task has a rubric but the run has no judge model; pass --judge provider:id (e.g. --judge openai:gpt-4o)',
      { checkId: 'judge' },
    );
  }
  const rubric_hash = rubricHash(spec);
  const { system, prompt } = buildJudgePrompt({
    spec,
    events: context.events,
    finalAnswer: context.finalAnswer,
  });
  const reply = await judge.ask({ system, prompt, callIndex: 0 }, context.signal);
  const usage = usageOf(judge.model, reply);
  const parsed = parseJudgeReply(reply.text);
  if (!parsed.ok) {
    const check: Check = {
      id: 'judge',
      kind: 'judge',
      pass: false,
      message: `the judge's reply is not the required JSON (${parsed.problem})`,
      evidence: {
        ...usage,
        rubric_hash,
        reply: reply.text.slice(0, MAX_REPLY_EVIDENCE_CHARS),
      },
    };
    throw new GraderError(
      `judge: the model's reply is not the required JSON {"verdict", "score", "reasons"} (${parsed.problem})`,
      { checkId: 'judge', checks: [check] },
    );
  }
  const { verdict, score, reasons } = parsed.verdict;
  const lowScore = spec.pass_score !== undefined && score < spec.pass_score;
  const pass = verdict === 'pass' && !lowScore;
  const why = reasons.length > 0 ? `: ${reasons.join('; ')}` : '';
  const message = pass
    ? `${judge.model} judged it a pass (score ${score})${why}`
    : lowScore && verdict === 'pass'
      ? `${judge.model} judged it a pass but scored it ${score}, below pass_score ${spec.pass_score}${why}`
      : `${judge.model} judged it a fail (score ${score})${why}`;
  return {
    pass,
    score,
    checks: [
      {
        id: 'judge',
        kind: 'judge',
        pass,
        message,
        evidence: { verdict, score, reasons },
      },
    ],
    evidence: {
      ...usage,
      rubric_hash,
      prompt_version: JUDGE_PROMPT_VERSION,
      pass_score: spec.pass_score ?? null,
      verdict,
      score,
      reasons,
    },
  };
}

/**
 * The task's rubric, graded by the run's judge model (`--judge
 * provider:id`). A gate like the end state: with Y = G · Π C_j it can
 * fail a trial the hard checks passed, never pass one they failed. Not
 * deterministic: its evidence keeps the model, the rubric's hash (what a
 * validation of the judge is tied to), the verdict, score and reasons, and
 * the judge's tokens and cost, which are never the system's.
 *
 * Without a judge model, or when the model's reply is not the required
 * JSON, the judge cannot decide: a grader failure, never a silent pass.
 */
export const judgeGrader: Grader = defineGrader({
  id: 'judge',
  version: '1',
  role: 'gate',
  deterministic: false,
  appliesTo: (task) => task.judge !== undefined,
  grade: (context) => gradeWithJudge(context.task.judge!, context),
});
