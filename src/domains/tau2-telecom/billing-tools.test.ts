import { describe, expect, it } from 'vitest';
import { answer, miniEnvironment, telecomHarness } from './telecom-test-harness.js';

const ids = (bills: unknown) => (bills as { bill_id: string }[]).map((bill) => bill.bill_id);

describe('get_bills_for_customer', () => {
  it('lists the newest issue date first, cut at the limit as a Python slice', async () => {
    const tools = await telecomHarness();
    expect(ids(answer(await tools.agent('get_bills_for_customer', { customer_id: 'C1' })))).toEqual(
      ['B2', 'B1'],
    );
    expect(
      ids(answer(await tools.agent('get_bills_for_customer', { customer_id: 'C1', limit: 1 }))),
    ).toEqual(['B2']);
    // [:-1] drops the last one.
    expect(
      ids(answer(await tools.agent('get_bills_for_customer', { customer_id: 'C2', limit: -1 }))),
    ).toEqual(['B3']);
    expect(answer(await tools.agent('get_bills_for_customer', { customer_id: 'C9' }))).toBe(
      'Error: Customer with ID C9 not found',
    );
  });
});

describe('send_payment_request', () => {
  it('marks the bill awaiting payment, and refuses a second request while one waits', async () => {
    const tools = await telecomHarness();
    expect(
      answer(await tools.agent('send_payment_request', { customer_id: 'C2', bill_id: 'B3' })),
    ).toBe('Payment request sent to the customer for bill B3');
    expect(tools.state.get('bills', 'B3')?.status).toBe('Awaiting Payment');
    expect(
      answer(await tools.agent('send_payment_request', { customer_id: 'C2', bill_id: 'B4' })),
    ).toBe('Error: A bill is already awaiting payment for this customer');
  });

  it("refuses another customer's bill", async () => {
    const tools = await telecomHarness();
    expect(
      answer(await tools.agent('send_payment_request', { customer_id: 'C2', bill_id: 'B1' })),
    ).toBe('Error: Bill B1 not found for customer C2');
  });
});

describe('transfer_to_human_agents', () => {
  it('answers as tau2 does and ends the conversation', async () => {
    const tools = await telecomHarness();
    expect(answer(await tools.agent('transfer_to_human_agents', { summary: 'x' }))).toBe(
      'Transfer successful',
    );
    expect(miniEnvironment.tools.get('transfer_to_human_agents')?.terminates).toBe(true);
  });
});
