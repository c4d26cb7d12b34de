import { describe, expect, it } from 'vitest';
import { applyInit } from '../../environment/index.js';
import { miniEnvironment, telecomHarness } from './telecom-test-harness.js';

const user = (phone_number: string) => ({
  side: 'user' as const,
  tool: 'set_user_info',
  args: { name: 'x', phone_number },
});

describe("the sync hook (tau2's sync_tools)", () => {
  it('leaves the surroundings alone while the phone has no number', async () => {
    const tools = await telecomHarness();
    // tau2's default: line_active true, roaming not allowed.
    expect(tools.surroundings()).toMatchObject({ line_active: true, roaming_allowed: false });
  });

  it("copies the line's status and roaming flag, and whether the allowance is used up", async () => {
    const suspended = await telecomHarness([user('555-010-2002')]);
    expect(suspended.surroundings()).toMatchObject({
      line_active: false,
      roaming_allowed: false,
      // 0 GB used of 5: not exceeded.
      mobile_data_usage_exceeded: false,
    });
    const roaming = await telecomHarness([user('555-010-1002')]);
    expect(roaming.surroundings()).toMatchObject({ line_active: true, roaming_allowed: true });
    // L3: 5.5 GB used of 5 + 0.5 refuelled: exceeded (>=).
    const used = await telecomHarness([
      user('555-010-2001'),
      {
        side: 'agent',
        tool: 'set_data_usage',
        args: { customer_id: 'C2', line_id: 'L3', data_used_gb: 5.5 },
      },
    ]);
    expect(used.surroundings().mobile_data_usage_exceeded).toBe(true);
  });

  it('does not reconnect the phone by itself: a network search does', async () => {
    const tools = await telecomHarness([user('555-010-2002')]);
    expect(tools.phone().network_connection_status).toBe('connected');
    await tools.user('reboot_device');
    expect(tools.phone().network_connection_status).toBe('no_service');
  });

  it("turns a bill awaiting payment into the phone's payment request, and a paid request into a paid bill", async () => {
    const tools = await telecomHarness([user('555-010-2001')]);
    await tools.agent('send_payment_request', { customer_id: 'C2', bill_id: 'B3' });
    expect(tools.surroundings().payment_request).toEqual({
      bill_id: 'B3',
      amount_due: 34.5,
      paid: false,
    });
    await tools.user('make_payment');
    expect(tools.state.get('bills', 'B3')?.status).toBe('Paid');
    expect(tools.surroundings().payment_request).toBeNull();
  });

  it('stops the init when the phone number is on no line', async () => {
    const result = await applyInit(
      miniEnvironment,
      miniEnvironment.fixture,
      [user('555-999-0000')],
      '2025-02-25T12:00:00Z',
    );
    expect(result).toMatchObject({ type: 'failed', index: 0 });
    expect(result.type === 'failed' && result.message).toContain(
      'Line with phone number 555-999-0000 not found',
    );
  });
});
