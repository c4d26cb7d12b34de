import { describe, expect, it } from 'vitest';
import { ClaimsSchema, graderCostOf } from '../schema/index.js';
import { loadSuite } from '../task/index.js';
import type { Suite } from '../task/index.js';
import {
  buildGrade,
  buildTask,
  checkGrader,
  playSteps,
  shopEnvironment,
  shopRefundTask,
} from '../testing/index.js';
import type { PlayedStep } from '../testing/index.js';
import { BUILT_IN_GRADERS } from './built-in-graders.js';
import { claimsGrader } from './claims-grader.js';
import { bindChange, matchTemplate } from './declared-claims.js';
import { GraderError } from './grader-error.js';
import type { JudgeCaller, JudgeRequest } from './grader.js';
import { runGraders } from './run-graders.js';

const task = buildTask(shopEnvironment, shopRefundTask);
const play = (steps: readonly PlayedStep[], on = task) => playSteps(on, shopEnvironment, steps);
const refund8842: PlayedStep[] = [
  { tool: 'check_eligibility', args: { order_id: '8842' } },
  { say: 'I can refund 42.99 for order 8842. Shall I proceed?' },
  { user: 'Yes, please go ahead.' },
  { tool: 'process_refund', args: { order_id: '8842', amount_cents: 4299 } },
];

describe('claimsGrader', () => {
  it('keeps the grader contract: a claimed refund that was made passes; a claimed refund never made, another order or another amount fails', async () => {
    const problems = await checkGrader(claimsGrader, [
      {
        name: 'known-good: refund made and claimed',
        context: await play([
          ...refund8842,
          { say: 'Done: order 8842 has been refunded ($42.99).' },
        ]),
        expect: 'pass',
      },
      {
        name: 'known-good: nothing claimed, nothing done',
        context: await play([{ say: 'I can refund 42.99 for order 8842. Shall I proceed?' }]),
        expect: 'pass',
      },
      {
        name: 'known-bad: the replay that claims a refund and changes nothing',
        context: await play([{ say: 'I have already refunded order 8843 ($25.99).' }]),
        expect: 'fail',
      },
      {
        name: 'near-miss: refund made for 8842, message claims 8843',
        context: await play([...refund8842, { say: 'I have refunded order 8843.' }]),
        expect: 'fail',
      },
      {
        name: 'near-miss: refund made, message claims another amount',
        context: await play([...refund8842, { say: 'Order 8842 has been refunded ($25.99).' }]),
        expect: 'fail',
      },
    ]);
    expect(problems).toEqual([]);
  });

  it('gives the sentence, its event and the records looked at as evidence', async () => {
    const context = await play([
      { say: 'Let me check.' },
      { say: 'Good news! I have already refunded order 8843 ($25.99). Anything else?' },
    ]);
    const output = await claimsGrader.grade(context);
    expect(output.pass).toBe(false);
    expect(output.checks).toEqual([
      expect.objectContaining({
        id: 'claims.said[0]',
        kind: 'claim',
        pass: false,
        evidence: expect.objectContaining({
          sentence: 'I have already refunded order 8843 ($25.99).',
          event_index: 1,
          action: 'refund',
          ids: ['8843'],
          amounts: [25.99],
          records_looked_at: [],
        }),
      }),
    ]);
    expect(output.checks[0]!.message).toContain('nothing changed in the state');
  });

  it('fails the motivating replay that passes every other built-in grader', async () => {
    const suite: Suite = await loadSuite('examples/support', {
      importModule: (url) => import(url),
    });
    const quoteOnly = suite.tasks.find((one) => one.id === 'quote-only-8843')!;
    const context = await playSteps(quoteOnly, suite.environment, [
      { say: 'I have already refunded order 8843 ($25.99).' },
    ]);
    const without = BUILT_IN_GRADERS.filter((grader) => grader !== claimsGrader);
    expect((await runGraders(without, context)).success).toBe(true);
    const graded = await runGraders(BUILT_IN_GRADERS, context);
    expect(graded.success).toBe(false);
    expect(graded.grades.claims).toMatchObject({ role: 'gate', pass: false, error: null });
  });

  it('checks the declared claim of the support suite against the reference and a wrong amount', async () => {
    const suite = await loadSuite('examples/support', { importModule: (url) => import(url) });
    const eva = suite.tasks.find((one) => one.id === 'ambiguous-two-orders-eva')!;
    const reference = await playSteps(eva, suite.environment, eva.spec.reference);
    const passed = await claimsGrader.grade(reference);
    const declared = passed.checks.find((check) => check.id === 'claims.verify[0]');
    expect(passed.pass).toBe(true);
    expect(declared?.evidence).toMatchObject({
      matches: [{ bindings: { order: '8881', amount: '$129.00' }, pass: true }],
    });
    const wrong = eva.spec.reference.map((step) =>
      'say' in step ? { say: step.say.replace('($129.00)', '($139.00)') } : step,
    );
    const failed = await claimsGrader.grade(await playSteps(eva, suite.environment, wrong));
    expect(failed.checks.filter((check) => !check.pass).map((check) => check.id)).toEqual([
      'claims.said[0]',
      'claims.verify[0]',
    ]);
  });

  it('does not apply with extract: none and nothing to verify', () => {
    const none = buildTask(shopEnvironment, { ...shopRefundTask, claims: { extract: 'none' } });
    expect(claimsGrader.appliesTo(none.spec)).toBe(false);
    expect(claimsGrader.appliesTo(task.spec)).toBe(true);
  });
});

describe('declared claims (claims.verify)', () => {
  const declared = buildTask(shopEnvironment, {
    ...shopRefundTask,
    claims: {
      extract: 'none',
      verify: [
        {
          says: 'refunded {amount} for order {order}',
          requires: {
            insert: 'refunds',
            match: { order_id: '{order}', amount_cents: '{amount|cents}' },
          },
        },
        {
          says: 'order {order} is now {status}',
          requires: { set: 'orders/{order}/status', to: '{status}' },
        },
      ],
    },
  });

  it('binds tokens of the final answer, questions left out', () => {
    expect(
      matchTemplate(
        'refunded {amount} for order {order}',
        'Done: I refunded $42.99 for order 8842.',
      ),
    ).toEqual([
      {
        sentence: 'Done: I refunded $42.99 for order 8842.',
        bindings: { amount: '$42.99', order: '8842' },
      },
    ]);
    expect(
      matchTemplate(
        'refunded {amount} for order {order}',
        'Should I say I refunded $1 for order 1?',
      ),
    ).toEqual([]);
    expect(
      bindChange(
        {
          insert: 'refunds',
          match: { order_id: '{order}', amount_cents: '{amount|cents}', note: 'for {order}' },
        },
        { order: '8842', amount: '$2,900.10' },
      ),
    ).toEqual({
      insert: 'refunds',
      match: { order_id: '8842', amount_cents: 290010, note: 'for 8842' },
    });
  });

  it('keeps the grader contract: the claimed refund holds; another amount or order fails', async () => {
    const problems = await checkGrader(claimsGrader, [
      {
        name: 'known-good',
        context: await play(
          [...refund8842, { say: 'I refunded $42.99 for order 8842; order 8842 is now refunded.' }],
          declared,
        ),
        expect: 'pass',
      },
      {
        name: 'known-good: the claim is not made',
        context: await play([{ say: 'Nothing to do.' }], declared),
        expect: 'pass',
      },
      {
        name: 'known-bad: claimed, not done',
        context: await play([{ say: 'I refunded $42.99 for order 8842.' }], declared),
        expect: 'fail',
      },
      {
        name: 'near-miss: another amount',
        context: await play(
          [...refund8842, { say: 'I refunded $42.90 for order 8842.' }],
          declared,
        ),
        expect: 'fail',
      },
      {
        name: 'near-miss: another status',
        context: await play([...refund8842, { say: 'Order 8842 is now cancelled' }], declared),
        expect: 'fail',
      },
    ]);
    expect(problems).toEqual([]);
  });

  it('refuses placeholders that says does not bind, unknown conversions and templates without one', () => {
    const problems = (claims: unknown) =>
      ClaimsSchema.safeParse(claims).error?.issues.map(
        (issue) => `${issue.path.join('.')}: ${issue.message}`,
      );
    expect(
      problems({
        verify: [
          {
            says: 'refunded {amount}',
            requires: { insert: 'refunds', match: { order_id: '{order}' } },
          },
        ],
      }),
    ).toEqual([
      'verify.0.requires.match.order_id: placeholder {order} is not bound by says "refunded {amount}": use one of {amount}',
    ]);
    expect(
      problems({
        verify: [
          {
            says: 'refunded {amount}',
            requires: { insert: 'refunds', match: { a: '{amount|euros}' } },
          },
        ],
      }),
    ).toEqual([
      'verify.0.requires.match.a: placeholder {amount|euros} has an unknown conversion "euros": use text, number, cents',
    ]);
    expect(
      problems({ verify: [{ says: 'refunded', requires: { insert: 'refunds' } }] })?.[0],
    ).toContain('has no placeholder');
    expect(problems({ extract: 'model' })?.[0]).toContain('extract');
    expect(ClaimsSchema.parse({})).toEqual({ extract: 'deterministic', verify: [] });
  });
});

describe('the judge extractor (claims.extract: judge)', () => {
  const judged = buildTask(shopEnvironment, { ...shopRefundTask, claims: { extract: 'judge' } });

  function fakeJudge(
    answer: (request: JudgeRequest) => string,
  ): JudgeCaller & { requests: JudgeRequest[] } {
    const requests: JudgeRequest[] = [];
    return {
      model: 'fake:judge',
      requests,
      ask: (request) => {
        requests.push(request);
        return Promise.resolve({
          text: answer(request),
          input_tokens: 10,
          output_tokens: 5,
          cost_usd: 0.001,
        });
      },
    };
  }

  // The fake judge lists every "refunded ... order N" sentence it is shown, as a model would.
  const listsRefunds = (request: JudgeRequest) =>
    '```json\n' +
    JSON.stringify({
      claims: [...request.prompt.matchAll(/[^.\n]*refunded[^.\n]*order (\d+)[^.\n]*\./g)].map(
        (match) => ({
          sentence: match[0].trim(),
          action: 'refund',
          ids: [match[1]],
          amounts: [],
        }),
      ),
    }) +
    '\n```';

  it('keeps the grader contract with the same checker behind it', async () => {
    const judge = fakeJudge(listsRefunds);
    const withJudge = async (steps: PlayedStep[]) => ({ ...(await play(steps, judged)), judge });
    const problems = await checkGrader(claimsGrader, [
      {
        name: 'known-good',
        context: await withJudge([
          ...refund8842,
          { say: 'So: we refunded the money for order 8842.' },
        ]),
        expect: 'pass',
      },
      {
        name: 'known-bad',
        context: await withJudge([{ say: 'So: we refunded the money for order 8843.' }]),
        expect: 'fail',
      },
    ]);
    expect(problems).toEqual([]);
    expect(judge.requests[0]!.prompt).toContain('we refunded the money for order 8842');
    expect(judge.requests[0]!.system).toContain('{"claims"');
  });

  it('records the judge usage as evidence', async () => {
    const context = {
      ...(await play([...refund8842, { say: 'I refunded order 8842.' }], judged)),
      judge: fakeJudge(listsRefunds),
    };
    const output = await claimsGrader.grade(context);
    expect(output.evidence).toEqual({
      cost_usd: 0.001,
      judge: { model: 'fake:judge', input_tokens: 10, output_tokens: 5, cost_usd: 0.001 },
    });
    const said = context.events.findIndex(
      (event) => event.kind === 'agent' && event.text === 'I refunded order 8842.',
    );
    expect(said).toBeGreaterThan(0);
    expect(output.checks[0]!.evidence).toMatchObject({ event_index: said, ids: ['8842'] });
  });

  it("counts the judge's cost in the trial's grader cost, beside a rubric judge's", async () => {
    const context = {
      ...(await play([...refund8842, { say: 'I refunded order 8842.' }], judged)),
      judge: fakeJudge(listsRefunds),
    };
    const graded = await runGraders([claimsGrader], context);
    expect(graderCostOf(graded.grades)).toBe(0.001);
    const rubric = buildGrade([], {});
    const withRubric = {
      ...graded.grades,
      judge: { ...rubric, evidence: { model: 'fake:judge', cost_usd: 0.002 } },
    };
    expect(graderCostOf(withRubric)).toBeCloseTo(0.003, 12);
  });

  it('is a grader failure naming claims.extract without a judge or with an unreadable answer', async () => {
    const context = await play([{ say: 'I refunded order 8843.' }], judged);
    const missing = await claimsGrader.grade(context).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(GraderError);
    expect((missing as GraderError).checkId).toBe('claims.extract');
    expect((missing as Error).message).toContain('claims.extract');

    const garbled = await claimsGrader
      .grade({ ...context, judge: fakeJudge(() => 'I think there is one claim.') })
      .catch((error: unknown) => error);
    expect(garbled).toBeInstanceOf(GraderError);
    expect((garbled as GraderError).checkId).toBe('claims.extract');

    const graded = await runGraders([claimsGrader], context);
    expect(graded.failure?.grader).toBe('claims');
  });
});
