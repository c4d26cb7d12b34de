import { describe, expect, it } from 'vitest';
import { BUILT_IN_GRADERS, runGraders } from '../../grade/index.js';
import { failedChecks } from '../../schema/index.js';
import type { ExitReason, GradedCheck } from '../../schema/index.js';
import { buildTask, playSteps, shopEnvironment, shopRefundTask } from '../../testing/index.js';
import type { PlayedStep } from '../../testing/index.js';
import { proposeFailureLabel } from './propose-failure-label.js';

const task = buildTask(shopEnvironment, shopRefundTask);

/** The failed checks the built-in graders give a played trajectory of the shop refund task. */
async function failedAfter(steps: readonly PlayedStep[]): Promise<GradedCheck[]> {
  const context = await playSteps(task, shopEnvironment, steps);
  const { grades } = await runGraders(BUILT_IN_GRADERS, context);
  return failedChecks({ grades });
}

const labelOf = async (steps: readonly PlayedStep[], exitReason: ExitReason = 'finished') =>
  proposeFailureLabel({
    exitReason,
    terminalReason: 'agent_failure',
    failed: await failedAfter(steps),
  });

const check = (overrides: Partial<GradedCheck>): GradedCheck => ({
  id: 'x',
  kind: 'k',
  pass: false,
  message: 'failed',
  evidence: null,
  grader: 'outcome',
  role: 'gate',
  ...overrides,
});

const eligible = { tool: 'check_eligibility', args: { order_id: '8842' } } as const;
const ask = { say: 'I can refund 42.99 for order 8842. Shall I proceed?' } as const;
const yes = { user: 'Yes, please go ahead.' } as const;

describe('proposeFailureLabel', () => {
  it('proposes missing_action when nothing was done', async () => {
    const proposal = await labelOf([{ say: 'I will look into it: 42.99.' }]);
    expect(proposal.label).toBe('missing_action');
    expect(proposal.checks).toContain('outcome:expect.changes[0]');
  });

  it('proposes wrong_arguments when the refund went out in dollars, not cents', async () => {
    const proposal = await labelOf([
      eligible,
      ask,
      yes,
      { tool: 'process_refund', args: { order_id: '8842', amount_cents: 42 } },
      { say: 'Refunded 42.99.' },
    ]);
    expect(proposal.label).toBe('wrong_arguments');
    expect(proposal.evidence).toContain('expect.changes[1]');
  });

  it('proposes wrong_arguments when the right change went to another order (a wrong id)', async () => {
    const proposal = await labelOf([
      { tool: 'check_eligibility', args: { order_id: '8843' } },
      { say: 'Shall I proceed? 42.99' },
      yes,
      { tool: 'process_refund', args: { order_id: '8843', amount_cents: 1500 } },
      { say: 'Refunded 42.99.' },
    ]);
    expect(proposal.label).toBe('wrong_arguments');
    expect(proposal.checks).toContain('outcome:expect.changes[1]');
  });

  it('proposes policy_violation when the refund skipped the eligibility check', async () => {
    const proposal = await labelOf([
      ask,
      yes,
      { tool: 'process_refund', args: { order_id: '8842', amount_cents: 4299 } },
      { say: 'Done: 42.99 refunded.' },
    ]);
    expect(proposal.label).toBe('policy_violation');
    expect(proposal.checks.every((id) => id.startsWith('constraints:'))).toBe(true);
  });

  it('proposes communication when the state is right but the amount was never said', async () => {
    const proposal = await labelOf([
      eligible,
      { say: 'Shall I proceed with the refund?' },
      yes,
      { tool: 'process_refund', args: { order_id: '8842', amount_cents: 4299 } },
      { say: 'Done.' },
    ]);
    expect(proposal.label).toBe('communication');
  });

  it('proposes budget for an exit at a budget, whatever else failed', async () => {
    const proposal = await labelOf([eligible], 'max_steps');
    expect(proposal).toMatchObject({ label: 'budget', checks: [] });
    expect(proposal.evidence).toContain('max_steps');
  });

  it('proposes budget when a call was repeated past the cap', () => {
    const proposal = proposeFailureLabel({
      exitReason: 'finished',
      terminalReason: 'agent_failure',
      failed: [check({ kind: 'max_identical_calls', grader: 'constraints', role: 'constraint' })],
    });
    expect(proposal.label).toBe('budget');
  });

  it('proposes agent_error when the agent or its provider failed', () => {
    for (const exitReason of ['agent_error', 'provider_error'] as const)
      expect(
        proposeFailureLabel({ exitReason, terminalReason: 'agent_failure', failed: [] }).label,
      ).toBe('agent_error');
    expect(
      proposeFailureLabel({
        exitReason: 'finished',
        terminalReason: 'harness_incompatibility',
        failed: [],
      }).label,
    ).toBe('agent_error');
  });

  it('proposes collateral_damage when every change was made and another record changed', () => {
    const proposal = proposeFailureLabel({
      exitReason: 'finished',
      terminalReason: 'agent_failure',
      failed: [
        check({
          id: 'expect.unchanged',
          kind: 'collateral',
          evidence: { unexpected: [{ record: 'customers/7' }], unexpected_count: 1 },
        }),
      ],
    });
    expect(proposal.label).toBe('collateral_damage');
  });

  it('proposes wrong_action when the required change was not made and another collection changed', () => {
    const proposal = proposeFailureLabel({
      exitReason: 'finished',
      terminalReason: 'agent_failure',
      failed: [
        check({
          id: 'expect.changes[0]',
          kind: 'set',
          evidence: { record: 'orders/8842', expected: 'refunded', actual: 'paid', before: 'paid' },
        }),
        check({
          id: 'expect.unchanged',
          kind: 'collateral',
          evidence: { unexpected: [{ record: 'tickets/1' }], unexpected_count: 1 },
        }),
      ],
    });
    expect(proposal.label).toBe('wrong_action');
  });

  it('proposes wrong_action for a duplicate refund', () => {
    const proposal = proposeFailureLabel({
      exitReason: 'finished',
      terminalReason: 'agent_failure',
      failed: [
        check({
          id: 'expect.changes[1]',
          kind: 'insert',
          evidence: {
            collection: 'refunds',
            matched_ids: ['r1', 'r2'],
            inserted_ids: ['r1', 'r2'],
          },
        }),
      ],
    });
    expect(proposal.label).toBe('wrong_action');
  });

  it('proposes false_claim when nothing was done but the claims grader caught a claim', () => {
    const claim = check({ id: 'claims[0]', kind: 'claim', grader: 'claims' });
    const untouched = check({
      id: 'expect.changes[0]',
      kind: 'set',
      evidence: { record: 'orders/8842', expected: 'refunded', actual: 'paid', before: 'paid' },
    });
    const failed = [untouched, claim];
    const proposal = proposeFailureLabel({
      exitReason: 'finished',
      terminalReason: 'agent_failure',
      failed,
    });
    expect(proposal.label).toBe('false_claim');
    expect(
      proposeFailureLabel({
        exitReason: 'finished',
        terminalReason: 'agent_failure',
        failed: [claim],
      }).label,
    ).toBe('false_claim');
  });

  it('proposes disclosure for a must_not_say check', () => {
    const proposal = proposeFailureLabel({
      exitReason: 'finished',
      terminalReason: 'agent_failure',
      failed: [check({ kind: 'must_not_say', grader: 'response' }), check({ kind: 'communicate' })],
    });
    expect(proposal.label).toBe('disclosure');
  });

  it('proposes other when no rule matches, naming the checks', () => {
    const proposal = proposeFailureLabel({
      exitReason: 'finished',
      terminalReason: 'agent_failure',
      failed: [check({ id: 'tone', kind: 'tone', grader: 'style' })],
    });
    expect(proposal).toMatchObject({ label: 'other', checks: ['style:tone'] });
  });
});
