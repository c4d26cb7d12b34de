import { describe, expect, it } from 'vitest';
import { answer, telecomHarness } from './telecom-test-harness.js';

describe('suspend_line and resume_line', () => {
  it("suspends an active line from tau2's today and answers the line", async () => {
    const tools = await telecomHarness();
    const result = answer(
      await tools.agent('suspend_line', { customer_id: 'C1', line_id: 'L1', reason: 'travel' }),
    );
    expect(result).toMatchObject({
      message: 'Line suspended successfully. $5/month holding fee will apply.',
      line: { line_id: 'L1', status: 'Suspended', suspension_start_date: '2025-02-25' },
    });
  });

  it('refuses to suspend a suspended line and changes nothing', async () => {
    const tools = await telecomHarness();
    const result = await tools.agent('suspend_line', {
      customer_id: 'C2',
      line_id: 'L4',
      reason: 'x',
    });
    expect(answer(result)).toBe('Error: Line must be active to suspend');
    expect(tools.state.diff()).toEqual({});
  });

  it('resumes a suspended line and clears its suspension date', async () => {
    const tools = await telecomHarness();
    await tools.agent('resume_line', { customer_id: 'C2', line_id: 'L4' });
    expect(tools.state.get('lines', 'L4')).toMatchObject({
      status: 'Active',
      suspension_start_date: null,
    });
  });

  it("refuses another customer's line", async () => {
    const tools = await telecomHarness();
    const result = await tools.agent('resume_line', { customer_id: 'C2', line_id: 'L1' });
    expect(answer(result)).toBe('Error: Line L1 not found for customer C2');
    expect(answer(await tools.agent('resume_line', { customer_id: 'C1', line_id: 'L1' }))).toBe(
      'Error: Line must be suspended to resume',
    );
  });
});

describe('enable_roaming and disable_roaming', () => {
  it('says when roaming already stood as asked', async () => {
    const tools = await telecomHarness();
    expect(answer(await tools.agent('enable_roaming', { customer_id: 'C1', line_id: 'L2' }))).toBe(
      'Roaming was already enabled',
    );
    expect(answer(await tools.agent('enable_roaming', { customer_id: 'C1', line_id: 'L1' }))).toBe(
      'Roaming enabled successfully',
    );
    expect(tools.state.get('lines', 'L1')?.roaming_enabled).toBe(true);
    expect(answer(await tools.agent('disable_roaming', { customer_id: 'C1', line_id: 'L1' }))).toBe(
      'Roaming disabled successfully',
    );
  });
});

describe('get_data_usage', () => {
  it("shows the figures as tau2's message does (str() of each float) and the cycle's last day", async () => {
    const tools = await telecomHarness();
    expect(
      answer(await tools.agent('get_data_usage', { customer_id: 'C1', line_id: 'L1' })),
    ).toEqual({
      line_id: 'L1',
      data_used_gb: '7.5',
      data_limit_gb: '20.0',
      data_refueling_gb: '0.0',
      cycle_end_date: '2025-02-28',
    });
  });
});

describe('refuel_data', () => {
  it("adds the data and charges it at the plan's rate on the customer's draft bill", async () => {
    const tools = await telecomHarness();
    const result = answer(
      await tools.agent('refuel_data', { customer_id: 'C1', line_id: 'L1', gb_amount: 3 }),
    );
    // Plus plan: 2.5 per GB, so 3 GB cost 7.50.
    expect(result).toEqual({
      message: 'Successfully added 3.0 GB of data for line L1 for $7.50',
      new_data_refueling_gb: '3.0',
      charge: '7.5',
    });
    expect(tools.state.get('bills', 'B2')).toMatchObject({
      total_due: 7.5,
      line_items: [
        {
          description: 'Data refueling: 3.0 GB at $2.5/GB',
          amount: 7.5,
          date: '2025-02-25',
          item_type: 'Charge',
        },
      ],
    });
  });

  it("opens next month's draft bill when the customer has none", async () => {
    const tools = await telecomHarness();
    await tools.agent('refuel_data', { customer_id: 'C2', line_id: 'L3', gb_amount: 1.5 });
    const billIds = tools.state.get('customers', 'C2')?.bill_ids as string[];
    expect(billIds).toHaveLength(3);
    const newId = billIds[2]!;
    expect(newId).toMatch(/^B[0-9a-f]{8}$/);
    expect(tools.state.get('bills', newId)).toEqual({
      bill_id: newId,
      customer_id: 'C2',
      period_start: '2025-03-01',
      period_end: '2025-03-31',
      issue_date: '2025-03-01',
      total_due: 6,
      due_date: '2025-03-15',
      line_items: [
        {
          description: 'Data refueling: 1.5 GB at $4.0/GB',
          amount: 6,
          date: '2025-02-25',
          item_type: 'Charge',
        },
      ],
      status: 'Draft',
    });
  });

  it('refuses an amount that is not positive', async () => {
    const tools = await telecomHarness();
    expect(
      answer(await tools.agent('refuel_data', { customer_id: 'C1', line_id: 'L1', gb_amount: 0 })),
    ).toBe('Error: Refuel amount must be positive');
  });
});
