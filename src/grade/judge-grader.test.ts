import { describe, expect, it } from 'vitest';
import type { JudgeCaller, JudgeRequest } from '../schema/index.js';
import { buildTask, checkGrader, playSteps, shopEnvironment } from '../testing/index.js';
import type { PlayedStep } from '../testing/index.js';
import { judgeGrader } from './judge-grader.js';
import { buildJudgePrompt, rubricHash } from './judge-prompt.js';
import { parseJudgeReply } from './parse-judge-reply.js';
import { runGraders } from './run-graders.js';
import { successOf } from '../schema/index.js';

const RUBRIC =
  'The agent explains that order 8842 is past the 30-day window, apologises, and promises nothing.';
const KEYWORDS = ['30-day', 'sorry', 'cannot'];

const task = buildTask(shopEnvironment, {
  id: 'explain-8842',
  user: { instruction: 'Why can I not get a refund for order 8842?' },
  judge: { rubric: RUBRIC, pass_score: 0.7 },
});

/**
 * A stand-in judge that reads the transcript it is sent: its score is the
 * share of the rubric's keywords in the agent's lines, its verdict a pass
 * from one half up. So the grader's verdict rests on what the trial said.
 */
function keywordJudge(asked: JudgeRequest[] = []): JudgeCaller {
  return {
    model: 'fake:judge',
    ask(request) {
      asked.push(request);
      const agentLines = request.prompt
        .split('\n')
        .filter((line) => line.startsWith('Agent'))
        .join(' ')
        .toLowerCase();
      const found = KEYWORDS.filter((word) => agentLines.includes(word));
      const score = Math.round((found.length / KEYWORDS.length) * 1000) / 1000;
      const text = JSON.stringify({
        verdict: score >= 0.5 ? 'pass' : 'fail',
        score,
        reasons: [`mentions ${found.join(', ') || 'none of the points'}`],
      });
      return Promise.resolve({ text, input_tokens: 120, output_tokens: 30, cost_usd: 0.0015 });
    },
  };
}

/** A judge that always answers the same text. */
function repliesWith(text: string): JudgeCaller {
  return {
    model: 'fake:judge',
    ask: () => Promise.resolve({ text, input_tokens: 10, output_tokens: 5, cost_usd: 0.0001 }),
  };
}

async function played(steps: readonly PlayedStep[], judge: JudgeCaller | undefined) {
  const context = await playSteps(task, shopEnvironment, steps);
  return { ...context, judge };
}

const good: PlayedStep[] = [
  { user: 'Why can I not get a refund for order 8842?' },
  { tool: 'get_order', args: { order_id: '8842' } },
  { say: 'I am sorry: order 8842 is past the 30-day window, so I cannot refund it.' },
];
const bad: PlayedStep[] = [{ say: 'Sure, I will refund it tomorrow, promise!' }];
// Two of the three points: the keyword judge says pass with 0.667, under pass_score 0.7.
const nearMiss: PlayedStep[] = [
  { say: 'Order 8842 is past the 30-day window, so I cannot refund it.' },
];

describe('judgeGrader', () => {
  it('keeps the grader contract: a full explanation passes, a promise fails, a score under pass_score fails', async () => {
    const judge = keywordJudge();
    const problems = await checkGrader(judgeGrader, [
      { name: 'known-good', context: await played(good, judge), expect: 'pass' },
      { name: 'known-bad: a promise', context: await played(bad, judge), expect: 'fail' },
      { name: 'near-miss: no apology', context: await played(nearMiss, judge), expect: 'fail' },
    ]);
    expect(problems).toEqual([]);
  });

  it('fails the near miss because of pass_score although the model said pass', async () => {
    const output = await judgeGrader.grade(await played(nearMiss, keywordJudge()));
    expect(output.pass).toBe(false);
    expect(output.score).toBeCloseTo(2 / 3, 3);
    expect(output.checks[0]!.message).toContain('below pass_score 0.7');
  });

  it('keeps the model, rubric hash, verdict, reasons and the judge cost as evidence', async () => {
    const output = await judgeGrader.grade(await played(good, keywordJudge()));
    expect(output.evidence).toMatchObject({
      model: 'fake:judge',
      rubric_hash: rubricHash(task.spec.judge!),
      verdict: 'pass',
      score: 1,
      reasons: ['mentions 30-day, sorry, cannot'],
      input_tokens: 120,
      output_tokens: 30,
      cost_usd: 0.0015,
    });
  });

  it('shows the judge the conversation, not the tool calls, unless show_tool_calls is set', async () => {
    const asked: JudgeRequest[] = [];
    await judgeGrader.grade(await played(good, keywordJudge(asked)));
    expect(asked[0]!.callIndex).toBe(0);
    expect(asked[0]!.system).toContain(RUBRIC);
    expect(asked[0]!.prompt).toContain('Customer: ');
    expect(asked[0]!.prompt).toContain('Agent (final answer): I am sorry');
    expect(asked[0]!.prompt).not.toContain('get_order');

    const withTools = buildJudgePrompt({
      spec: { rubric: RUBRIC, show_tool_calls: true },
      events: (await played(good, undefined)).events,
      finalAnswer: null,
    });
    expect(withTools.prompt).toContain('[tool call] get_order {"order_id":"8842"}');
    expect(withTools.prompt).toContain('[tool result] get_order: {');
  });

  it('makes a reply that is not the JSON verdict a grader failure, not a fail', async () => {
    const graded = await runGraders(
      [judgeGrader],
      await played(good, repliesWith('I think this is a pass.')),
    );
    const grade = graded.grades['judge']!;
    expect(grade.error).toMatch(/^judge: the model's reply is not the required JSON/);
    expect(graded.failure?.grader).toBe('judge');
    expect(grade.checks[0]!.evidence).toMatchObject({
      reply: 'I think this is a pass.',
      cost_usd: 0.0001,
    });
  });

  it('makes a run without a judge model a grader failure that names --judge', async () => {
    const graded = await runGraders([judgeGrader], await played(good, undefined));
    expect(graded.grades['judge']!.error).toContain('--judge provider:id');
    expect(graded.success).toBe(false);
  });

  it('cannot pass a trial a hard gate failed', async () => {
    const failedGate = {
      version: '1',
      role: 'gate' as const,
      pass: false,
      score: null,
      checks: [],
      evidence: null,
      error: null,
    };
    const judged = await runGraders([judgeGrader], await played(good, keywordJudge()));
    expect(judged.success).toBe(true);
    expect(successOf({ ...judged.grades, outcome: failedGate })).toBe(false);
  });

  it('does not apply to tasks without a rubric', () => {
    const plain = buildTask(shopEnvironment, { id: 'plain', user: { instruction: 'Hi' } });
    expect(judgeGrader.appliesTo(plain.spec)).toBe(false);
    expect(judgeGrader.appliesTo(task.spec)).toBe(true);
  });
});

describe('parseJudgeReply', () => {
  const verdict = { verdict: 'fail', score: 0.2, reasons: ['promised a refund'] };

  it('reads a bare object and one inside a json fence', () => {
    expect(parseJudgeReply(JSON.stringify(verdict))).toEqual({ ok: true, verdict });
    expect(parseJudgeReply(`\n\`\`\`json\n${JSON.stringify(verdict, null, 2)}\n\`\`\`\n`)).toEqual({
      ok: true,
      verdict,
    });
  });

  it('refuses prose around the object, an unknown verdict and a score out of range', () => {
    expect(parseJudgeReply(`Here you go: ${JSON.stringify(verdict)}`)).toEqual({
      ok: false,
      problem: 'not a JSON object',
    });
    expect(parseJudgeReply(JSON.stringify({ ...verdict, verdict: 'maybe' })).ok).toBe(false);
    const high = parseJudgeReply(JSON.stringify({ ...verdict, score: 1.5 }));
    expect(high.ok ? '' : high.problem).toMatch(/^score: /);
  });
});

describe('rubricHash', () => {
  it('changes with the rubric and with pass_score, not with whitespace around the rubric', () => {
    const base = rubricHash({ rubric: RUBRIC, show_tool_calls: false });
    expect(rubricHash({ rubric: `${RUBRIC} Briefly.`, show_tool_calls: false })).not.toBe(base);
    expect(rubricHash({ rubric: RUBRIC, pass_score: 0.5, show_tool_calls: false })).not.toBe(base);
  });
});
