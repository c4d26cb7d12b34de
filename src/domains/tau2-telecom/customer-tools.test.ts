import { describe, expect, it } from 'vitest';
import { answer, telecomHarness } from './telecom-test-harness.js';

describe('get_customer_by_phone', () => {
  it("finds a customer by one of their lines' numbers, showing datetimes as Python prints them", async () => {
    const tools = await telecomHarness();
    const customer = answer(
      await tools.agent('get_customer_by_phone', { phone_number: '555-010-1002' }),
    );
    expect(customer).toMatchObject({ customer_id: 'C1', created_at: '2024-10-01 12:00:00' });
  });

  it('finds a customer by their contact number', async () => {
    const tools = await telecomHarness();
    const customer = answer(
      await tools.agent('get_customer_by_phone', { phone_number: '555-010-0002' }),
    );
    expect(customer).toMatchObject({ customer_id: 'C2' });
  });

  it("answers an unknown number with tau2's ValueError message", async () => {
    const tools = await telecomHarness();
    const result = await tools.agent('get_customer_by_phone', { phone_number: '555-000-0000' });
    expect(result).toMatchObject({ ok: false, error: { code: 'value_error' } });
    expect(answer(result)).toBe('Error: Customer with phone number 555-000-0000 not found');
  });
});

describe('get_customer_by_name', () => {
  it('matches the name without regard to case and the date of birth exactly', async () => {
    const tools = await telecomHarness();
    const found = answer(
      await tools.agent('get_customer_by_name', { full_name: 'ANA LIMA', dob: '1988-03-02' }),
    );
    // C3 is "ana lima" too, born another day.
    expect((found as { customer_id: string }[]).map((customer) => customer.customer_id)).toEqual([
      'C1',
    ]);
  });
});

describe('get_customer_by_id', () => {
  it("fills in what tau2's model defaults: a customer with no created_at shows 2025-01-01", async () => {
    const tools = await telecomHarness();
    expect(answer(await tools.agent('get_customer_by_id', { customer_id: 'C3' }))).toMatchObject({
      account_status: 'Pending Verification',
      created_at: '2025-01-01',
      line_ids: [],
      goodwill_credit_used_this_year: 0,
    });
  });
});

describe('get_details_by_id', () => {
  it('tells the kind of record by the first letter of the id', async () => {
    const tools = await telecomHarness();
    expect(answer(await tools.agent('get_details_by_id', { id: 'D2' }))).toEqual({
      device_id: 'D2',
      device_type: 'phone',
      model: 'Moto G',
      imei: null,
      is_esim_capable: false,
      activated: false,
      activation_date: null,
      last_esim_transfer_date: null,
    });
    expect(answer(await tools.agent('get_details_by_id', { id: 'B3' }))).toMatchObject({
      total_due: 34.5,
    });
    expect(answer(await tools.agent('get_details_by_id', { id: 'P9' }))).toBe(
      'Error: Plan with ID P9 not found',
    );
    expect(answer(await tools.agent('get_details_by_id', { id: 'X1' }))).toBe(
      'Error: Unknown ID format or type: X1',
    );
  });
});
