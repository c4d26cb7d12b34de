// A grader of your own, written and tested as a user of endstate would: `defineGrader` from
// the package, its contract checked by `checkGrader` from `endstate/testing` on a known-good,
// a known-bad and a near-miss trial played through this suite's environment.
import { describe, expect, it } from 'vitest';
import { defineGrader, loadSuite } from 'endstate';
import type { Check } from 'endstate';
import { checkGrader, playSteps } from 'endstate/testing';
import type { PlayedStep } from 'endstate/testing';
import environment from './environment.js';

/** Every refund made is stated, in dollars and cents, in an email sent in the same trial. */
const emailStatesRefund = defineGrader({
  id: 'email-states-refund',
  version: '1',
  role: 'gate',
  grade: ({ diff }) => {
    const inserted = (collection: string) =>
      Object.entries(diff[collection] ?? {}).flatMap(([id, change]) =>
        change.before === null && change.after !== null ? [{ id, record: change.after }] : [],
      );
    const bodies = inserted('outbox').map(({ record }) =>
      typeof record.body === 'string' ? record.body : '',
    );
    const checks = inserted('refunds').map(({ id, record }, index): Check => {
      const amount = (Number(record.amount_cents) / 100).toFixed(2);
      const pass = bodies.some((body) => body.includes(amount));
      return {
        id: `email-states-refund[${index}]`,
        kind: 'email',
        pass,
        message: `${pass ? 'an' : 'no'} email states the ${amount} of refund ${id}`,
        evidence: { refund: id, amount, emails: bodies.length },
      };
    });
    return { pass: checks.every((check) => check.pass), checks };
  },
});

describe('a user-written grader keeps the grader contract', () => {
  it('passes the reference path, fails a bare confirmation and a wrong amount', async () => {
    const suite = await loadSuite('examples/support', { importModule: (url) => import(url) });
    const task = suite.tasks.find((one) => one.id === 'refund-8842')!;
    const reference = task.spec.reference as PlayedStep[];
    // The reference with the confirmation email's body replaced.
    const withBody = (body: string): PlayedStep[] =>
      reference.map((step) =>
        'tool' in step && step.tool === 'send_email'
          ? { tool: 'send_email', args: { ...step.args, body } }
          : step,
      );
    const play = (steps: readonly PlayedStep[]) => playSteps(task, environment, steps);

    const problems = await checkGrader(emailStatesRefund, [
      { name: 'known-good: the reference path', context: await play(reference), expect: 'pass' },
      {
        name: 'known-bad: the email does not say how much',
        context: await play(withBody('Hi Ana, your refund for order 8842 has been processed.')),
        expect: 'fail',
      },
      {
        name: 'near-miss: the email states 42.90 for 42.99',
        context: await play(withBody('Hi Ana, we have refunded $42.90 for order 8842.')),
        expect: 'fail',
      },
    ]);
    expect(problems).toEqual([]);
  });
});
