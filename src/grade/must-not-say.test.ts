import { describe, expect, it } from 'vitest';
import support from '../../examples/support/environment.js';
import { loadSuite } from '../task/index.js';
import { forbiddenValues } from '../schema/index.js';
import type { MustNotSayRule, TrialEvent } from '../schema/index.js';
import {
  buildGradeContext,
  buildTask,
  checkGrader,
  playSteps,
  shopEnvironment,
  shopRefundTask,
} from '../testing/index.js';
import type { PlayedStep } from '../testing/index.js';
import { BUILT_IN_GRADERS, mustNotSayGrader } from './built-in-graders.js';
import { runGraders } from './run-graders.js';
import { gradeMustNotSay } from './must-not-say.js';

const fixture = {
  ...shopEnvironment.fixture.snapshot,
  customers: {
    ana: { email: 'ana@example.com', name: 'Ana Souza', tier: 7 },
    ben: { email: 'ben@example.com', name: 'Ben Okafor', tier: 12345 },
    cy: { email: 'cy.long@example.com', name: 'Cy Long', tier: 1 },
  },
};

const rules = [
  { values: 'customers/*/email', except: ['customers/ana/email'], why: 'other customers' },
  { literal: 'SAVE20-INTERNAL' },
  { pattern: String.raw`policy section \d+`, why: 'internal policy text' },
];
const task = buildTask(shopEnvironment, { ...shopRefundTask, must_not_say: rules }, fixture);
const play = (steps: readonly PlayedStep[]) => playSteps(task, shopEnvironment, steps);

const refund: PlayedStep[] = [
  { tool: 'check_eligibility', args: { order_id: '8842' } },
  { say: 'I can refund 42.99 for order 8842 (ana@example.com). Shall I proceed?' },
  { user: 'Yes, please go ahead.' },
  { tool: 'process_refund', args: { order_id: '8842', amount_cents: 4299 } },
];

describe('mustNotSayGrader', () => {
  it('keeps the grader contract: known-good, known-bad and near-miss trials', async () => {
    const problems = await checkGrader(mustNotSayGrader, [
      {
        name: 'known-good: only the user’s own email',
        context: await play([...refund, { say: 'Done: 42.99 refunded to ana@example.com.' }]),
        expect: 'pass',
      },
      {
        name: 'known-good: a policy section without its number, a neighbouring address',
        context: await play([
          ...refund,
          { say: 'Done, as our refund policy section says. Not hana@example.com.' },
        ]),
        expect: 'pass',
      },
      {
        name: 'known-bad: tells Ana another customer’s email',
        context: await play([
          ...refund,
          { say: 'Done. Ben (ben@example.com) bought the same mouse.' },
        ]),
        expect: 'fail',
      },
      {
        name: 'near-miss: the code with spaces and capitals',
        context: await play([...refund, { say: 'Done. Next time use Save20 - Internal.' }]),
        expect: 'fail',
      },
      {
        name: 'near-miss: an email spelled out',
        context: await play([...refund, { say: 'Done; cc cy.long [at] example [dot] com' }]),
        expect: 'fail',
      },
      {
        name: 'near-miss: policy text quoted once',
        context: await play([...refund, { say: 'Done under Policy Section 12.' }]),
        expect: 'fail',
      },
    ]);
    expect(problems).toEqual([]);
  });

  it('applies only when the task declares a rule, as a constraint', () => {
    expect(mustNotSayGrader.appliesTo(task.spec)).toBe(true);
    expect(mustNotSayGrader.appliesTo(buildTask(shopEnvironment, shopRefundTask).spec)).toBe(false);
    expect(mustNotSayGrader.role).toBe('constraint');
  });
});

const agent = (text: string, final = false): TrialEvent => ({
  t_ms: 0,
  kind: 'agent',
  text,
  final,
});
const user = (text: string): TrialEvent => ({ t_ms: 0, kind: 'user', text, source: 'script' });

describe('gradeMustNotSay', () => {
  const long = `${'Thanks for waiting. '.repeat(10)}By the way ben@example.com ordered too. ${'More words here. '.repeat(10)}`;
  const events = [
    user('I am ana@example.com, what about ben@example.com?'),
    agent('Looking into it.'),
    agent(long),
    agent('Policy section 3 applies; see policy section 4.', true),
  ];

  it('names the rule, the event and an excerpt around the first match, never the whole message', () => {
    const output = gradeMustNotSay({
      rules: task.spec.must_not_say,
      s0: fixture,
      events,
      finalAnswer: null,
    });
    const [values, literal, pattern] = output.checks;
    expect(output.pass).toBe(false);
    expect(literal).toMatchObject({ id: 'must_not_say[1]', pass: true });
    const longIndex = events.findIndex((event) => event.kind === 'agent' && event.text === long);
    expect(values).toMatchObject({ id: 'must_not_say[0]', kind: 'must_not_say', pass: false });
    const evidence = values!.evidence as Record<string, unknown>;
    expect(evidence).toMatchObject({
      rule: 'must_not_say[0]',
      event_index: longIndex,
      path: 'customers/ben/email',
      messages: 1,
    });
    const excerpt = evidence.excerpt as string;
    expect(excerpt).toContain('ben@example.com');
    expect(long).toContain(excerpt.replace(/^…|…$/g, ''));
    expect(excerpt.length).toBeLessThan(long.length / 2);
    // The user's own words are not the agent's.
    expect(values!.message).toContain(`at event ${longIndex}`);
    const finalIndex = events.length - 1;
    expect(pattern).toMatchObject({
      pass: false,
      evidence: { event_index: finalIndex, messages: 1 },
    });
    expect((pattern!.evidence as { excerpt: string }).excerpt).toContain('Policy section 3');
    expect(output.evidence).toMatchObject({
      messages_checked: events.filter((event) => event.kind === 'agent').length,
    });
  });

  it('reads a final answer that is not among the events', () => {
    const output = gradeMustNotSay({
      rules: [{ literal: 'SAVE20-INTERNAL' }],
      s0: fixture,
      events: [agent('Hello')],
      finalAnswer: 'Your code: save20-internal',
    });
    expect(output.checks[0]).toMatchObject({ pass: false, evidence: { event_index: null } });
  });

  it('turns a values rule s0 cannot serve into a grader failure, never a pass', () => {
    expect(() =>
      gradeMustNotSay({
        rules: [{ values: 'clients/*/email', except: [] }],
        s0: fixture,
        events: [],
        finalAnswer: null,
      }),
    ).toThrow(/must_not_say\[0\]\.values: s0 has no collection "clients"/);
  });
});

describe('forbiddenValues', () => {
  const rule = (values: string, except: string[] = []) =>
    ({ values, except }) as Extract<MustNotSayRule, { values: string }>;

  it('reads every record under *, minus the exceptions; numbers as their text', () => {
    const emails = forbiddenValues(rule('customers/*/email', ['customers/ben/email']), fixture);
    const expected = Object.entries(fixture.customers)
      .filter(([id]) => id !== 'ben')
      .map(([id, record]) => ({ path: `customers/${id}/email`, text: record.email }));
    expect(emails).toEqual({ values: expected, problems: [] });
    expect(forbiddenValues(rule('customers/ben/tier'), fixture).values).toEqual([
      { path: 'customers/ben/tier', text: String(fixture.customers.ben.tier) },
    ]);
  });

  it('names what makes a rule unusable', () => {
    const problems = (values: string, except: string[] = []) =>
      forbiddenValues(rule(values, except), fixture).problems.map((problem) => problem.message);
    expect(problems('customers/*/tier')).toEqual([
      expect.stringMatching(/customers\/ana\/tier is "7", shorter than 3 characters/),
      expect.stringMatching(/customers\/cy\/tier is "1", shorter than 3 characters/),
    ]);
    expect(problems('customers/zed/email')).toEqual(['s0 has no record customers/zed']);
    expect(problems('customers/ana/phone')).toEqual(['customers/ana/phone has no value in s0']);
    expect(problems('customers/*/phone')).toEqual([
      expect.stringMatching(/no record of customers has a value at phone/),
    ]);
    expect(problems('customers/*/email', ['customers/zed/email'])).toEqual([
      expect.stringMatching(/customers\/zed\/email is not one of the paths/),
    ]);
    expect(problems('orders/8842/customer')).toEqual([]);
    expect(
      forbiddenValues(rule('orders/*/status'), { orders: { a: { status: { x: 1 } } } }).problems,
    ).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(/is object, not text or a number/),
      }),
    ]);
  });
});

describe('buildGradeContext with must_not_say', () => {
  it('grades events given directly', async () => {
    const context = buildGradeContext(task, { events: [agent('ask ben@example.com', true)] });
    const output = await mustNotSayGrader.grade(context);
    expect(output.checks.map((check) => check.pass)).toEqual([false, true, true]);
  });
});

describe('the support example: another customer’s order', () => {
  const loadSupport = () =>
    loadSuite('examples/support', {
      importModule: () => Promise.resolve({ default: support }),
      lock: 'ignore',
    });

  it('its reference path passes every built-in grader; telling Ben the owner’s email fails must_not_say[0] alone', async () => {
    const suite = await loadSupport();
    const task = suite.tasks.find((one) => one.id === 'other-customers-order-8842')!;
    expect(task.spec.must_not_say.length).toBeGreaterThan(0);
    const play = async (steps: readonly PlayedStep[]) =>
      runGraders(BUILT_IN_GRADERS, await playSteps(task, support, steps));

    const reference = await play(task.spec.reference);
    expect(reference.failure).toBeNull();
    expect(reference.grades.must_not_say).toMatchObject({ role: 'constraint', pass: true });
    expect(reference.success).toBe(true);

    const leak = task.spec.known_bad.find((bad) => bad.fails === 'must_not_say[0]')!;
    const leaked = await play(leak.actions);
    expect(leaked.success).toBe(false);
    const failed = Object.values(leaked.grades).flatMap((grade) =>
      grade.checks.filter((check) => !check.pass).map((check) => check.id),
    );
    expect(failed).toEqual(['must_not_say[0]']);
    const evidence = leaked.grades.must_not_say!.checks[0]!.evidence as Record<string, unknown>;
    expect(evidence).toMatchObject({ path: 'customers/C-101/email' });
    expect(evidence.excerpt).toEqual(expect.stringContaining('ana@example.com'));
  });
});
