import { describe, expect, it } from 'vitest';
import { GraderOutputSchema } from '../schema/index.js';
import type { TrialEvent } from '../schema/index.js';
import {
  buildTask,
  checkGrader,
  playSteps,
  shopEnvironment,
  shopRefundTask,
} from '../testing/index.js';
import type { PlayedStep } from '../testing/index.js';
import {
  BUILT_IN_GRADERS,
  constraintsGrader,
  outcomeGrader,
  responseGrader,
} from './built-in-graders.js';
import { defineGrader } from './grader.js';
import { runGraders } from './run-graders.js';

const task = buildTask(shopEnvironment, shopRefundTask);
const play = (steps: readonly PlayedStep[]) => playSteps(task, shopEnvironment, steps);

const good = () =>
  play([
    { tool: 'check_eligibility', args: { order_id: '8842' } },
    { say: 'I can refund 42.99 for order 8842. Shall I proceed?' },
    { user: 'Yes, please go ahead.' },
    { tool: 'process_refund', args: { order_id: '8842', amount_cents: 4299 } },
    { say: 'Done: 42.99 refunded for order 8842.' },
  ]);

describe('built-in graders', () => {
  // runGraders takes their outputs as they are (it checks other graders' against the schema).
  it('give outputs that parse as grader outputs, on a good and a bad trial', async () => {
    let graded = 0;
    for (const context of [await good(), await play([])]) {
      for (const grader of BUILT_IN_GRADERS) {
        if (!grader.appliesTo(context.task)) continue;
        const output = await grader.grade(context);
        expect(GraderOutputSchema.safeParse(output).error, grader.id).toBeUndefined();
        expect(GraderOutputSchema.parse(output), grader.id).toEqual(output);
        graded++;
      }
    }
    expect(graded).toBeGreaterThanOrEqual(6);
  });

  it('outcome keeps the grader contract: refund made passes, wrong order and wrong amount fail', async () => {
    const problems = await checkGrader(outcomeGrader, [
      { name: 'known-good', context: await good(), expect: 'pass' },
      { name: 'known-bad: nothing done', context: await play([]), expect: 'fail' },
      {
        name: 'near-miss: dollars for cents',
        context: await play([
          { tool: 'process_refund', args: { order_id: '8842', amount_cents: 42 } },
        ]),
        expect: 'fail',
      },
    ]);
    expect(problems).toEqual([]);
  });

  it('response keeps the grader contract: the amount said passes, a near amount fails', async () => {
    const problems = await checkGrader(responseGrader, [
      { name: 'known-good', context: await good(), expect: 'pass' },
      { name: 'known-bad: silent', context: await play([]), expect: 'fail' },
      { name: 'near-miss: 42.9', context: await play([{ say: 'Refunded 42.9' }]), expect: 'fail' },
    ]);
    expect(problems).toEqual([]);
  });

  it('constraints keeps the grader contract: consent and eligibility first pass, a bare refund and near misses fail', async () => {
    const problems = await checkGrader(constraintsGrader, [
      { name: 'known-good', context: await good(), expect: 'pass' },
      {
        name: 'known-bad: refund at once, no eligibility check, no consent',
        context: await play([
          { tool: 'process_refund', args: { order_id: '8842', amount_cents: 4299 } },
        ]),
        expect: 'fail',
      },
      {
        name: 'near-miss: eligibility checked for another order',
        context: await play([
          { tool: 'check_eligibility', args: { order_id: '8843' } },
          { say: 'I can refund 42.99 for order 8842. Shall I proceed?' },
          { user: 'Yes, please go ahead.' },
          { tool: 'process_refund', args: { order_id: '8842', amount_cents: 4299 } },
          { say: 'Done: 42.99 refunded for order 8842.' },
        ]),
        expect: 'fail',
      },
      {
        name: 'near-miss: refund without the eligibility check',
        context: await play([
          { say: 'Shall I proceed?' },
          { tool: 'process_refund', args: { order_id: '8842', amount_cents: 4299 } },
        ]),
        expect: 'fail',
      },
    ]);
    expect(problems).toEqual([]);
    const otherOrder = await constraintsGrader.grade(
      await play([
        { tool: 'check_eligibility', args: { order_id: '8843' } },
        { say: 'I can refund 42.99 for order 8842. Shall I proceed?' },
        { user: 'Yes, please go ahead.' },
        { tool: 'process_refund', args: { order_id: '8842', amount_cents: 4299 } },
        { say: 'Done: 42.99 refunded for order 8842.' },
      ]),
    );
    // It fails on the eligibility order alone: the consent was asked for and given.
    expect(otherOrder.checks.filter((check) => !check.pass).map((check) => check.kind)).toEqual([
      'before',
    ]);
  });

  it('the contract catches a grader that passes with a failed check, changes its context or is not repeatable', async () => {
    let calls = 0;
    const sloppy = defineGrader({
      id: 'sloppy',
      version: '1',
      role: 'gate',
      grade: (context) => {
        calls += 1;
        (context.events as TrialEvent[]).push({ t_ms: 0, kind: 'agent', text: 'x' } as TrialEvent);
        return {
          pass: true,
          checks: [{ id: 'a', kind: 'k', pass: false, message: `call ${calls}`, evidence: null }],
        };
      },
    });
    const problems = await checkGrader(sloppy, [
      { name: 'known-good', context: await good(), expect: 'pass' },
    ]);
    expect(problems).toEqual(
      expect.arrayContaining([
        'no case that must fail',
        'known-good: changed its context (s0, diff, events or task)',
        'known-good: passes although one of its checks failed',
        'known-good: graded the same trial differently the second time',
      ]),
    );
  });

  it('runGraders applies the success rule over declared roles; a throwing grader is a grader failure', async () => {
    const diagnostic = defineGrader({
      id: 'diag',
      version: '1',
      role: 'diagnostic',
      grade: () => ({ pass: false, score: 0.5, checks: [] }),
    });
    const context = await good();
    const passed = await runGraders([...BUILT_IN_GRADERS, diagnostic], context);
    expect(Object.keys(passed.grades)).toEqual([
      'outcome',
      'response',
      'claims',
      'constraints',
      'diag',
    ]);
    expect(passed.grades.diag).toMatchObject({ role: 'diagnostic', pass: false, score: 0.5 });
    expect(passed.success).toBe(true);

    const broken = defineGrader({
      id: 'broken',
      version: '1',
      role: 'gate',
      grade: () => {
        throw new Error('no rubric');
      },
    });
    const failed = await runGraders([...BUILT_IN_GRADERS, broken], context);
    expect(failed.success).toBe(false);
    expect(failed.failure).toEqual({ grader: 'broken', message: 'no rubric' });
    expect(failed.grades.broken).toMatchObject({ pass: false, error: 'no rubric' });
  });
});
