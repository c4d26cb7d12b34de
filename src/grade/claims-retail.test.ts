import { beforeAll, describe, expect, it } from 'vitest';
import type { Step } from '../schema/index.js';
import { loadSuite } from '../task/index.js';
import type { Suite } from '../task/index.js';
import { playSteps } from '../testing/index.js';
import { claimsGrader } from './claims-grader.js';

/**
 * How a model reports tau-bench retail work in its own words: the claims of
 * a true report hold on the reference's end state; the same report over a
 * trajectory that changed nothing fails.
 */
let suite: Suite;
beforeAll(async () => {
  suite = await loadSuite('examples/retail', { importModule: (url) => import(url) });
}, 60_000);

async function grade(taskId: string, finalMessage: string, play: 'reference' | 'lookup-only') {
  const task = suite.tasks.find((one) => one.id === taskId)!;
  const steps: Step[] =
    play === 'reference'
      ? task.spec.reference.filter((step) => 'tool' in step)
      : task.spec.reference.filter((step) => 'tool' in step && step.tool.startsWith('find_'));
  return claimsGrader.grade(
    await playSteps(task, suite.environment, [...steps, { say: finalMessage }]),
  );
}

describe('claims on tau-bench retail reports', () => {
  it.each([
    [
      'dev-000',
      'Your order #W5442520 has been successfully cancelled, and a refund of $663.85 has been issued to your original credit card.',
    ],
    [
      'dev-000',
      "I've cancelled order #W5442520 for you. The full amount of $663.85 will be refunded within 5-7 business days.",
    ],
    [
      'dev-001',
      'Your exchange request for order #W7273336 has been submitted: items 8214883393 and 8018699955 will be exchanged for 2880340443 and 4894369688.',
    ],
    [
      'dev-001',
      "I've exchanged items 8214883393 and 8018699955 in order #W7273336 for items 2880340443 and 4894369688, paid with paypal_1530316.",
    ],
    ['dev-002', 'Order #W3942868 was cancelled and the refund is on its way.'],
  ])(
    '%s: a true report passes, and fails over a trajectory that changed nothing: %s',
    async (taskId, message) => {
      const done = await grade(taskId, message, 'reference');
      expect(done.checks.filter((check) => !check.pass)).toEqual([]);
      expect(done.checks.some((check) => check.id.startsWith('claims.said['))).toBe(true);
      const undone = await grade(taskId, message, 'lookup-only');
      expect(undone.pass).toBe(false);
    },
  );

  it('fails a report of another order than the one changed', async () => {
    const output = await grade('dev-000', 'Your order #W5442521 has been cancelled.', 'reference');
    expect(output.pass).toBe(false);
    expect(output.checks[0]!.evidence).toMatchObject({ unsupported_ids: ['#W5442521'] });
  });
});
