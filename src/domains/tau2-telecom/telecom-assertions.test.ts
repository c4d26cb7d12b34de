import { describe, expect, it } from 'vitest';
import type { JsonValue } from '../../core/index.js';
import { runTelecomAssertion } from './telecom-assertions.js';
import { telecomHarness } from './telecom-test-harness.js';

const user = (func_name: string, args: Record<string, JsonValue> = {}) =>
  ({ env_type: 'user', func_name, arguments: args }) as const;
const agent = (func_name: string, args: Record<string, JsonValue>) =>
  ({ env_type: 'assistant', func_name, arguments: args }) as const;

describe("tau2's telecom assertion functions", () => {
  it('read the phone: speed, data, MMS, service', async () => {
    const tools = await telecomHarness();
    const check = (call: Parameters<typeof runTelecomAssertion>[1]) =>
      runTelecomAssertion(tools.state, call);
    // 220 Mbps, "Excellent".
    expect(
      check(user('assert_internet_speed', { expected_speed: 200, expected_desc: 'EXCELLENT' })),
    ).toEqual({ type: 'value', value: true });
    expect(check(user('assert_internet_speed', { expected_speed: 250 }))).toEqual({
      type: 'value',
      value: false,
    });
    expect(check(user('assert_internet_not_excellent'))).toEqual({ type: 'value', value: false });
    expect(check(user('assert_mobile_data_status', { expected_status: true }))).toEqual({
      type: 'value',
      value: true,
    });
    expect(check(user('assert_can_send_mms', { expected_status: false }))).toEqual({
      type: 'value',
      value: false,
    });
    expect(check(user('assert_service_status', { expected_status: 'connected' }))).toEqual({
      type: 'value',
      value: true,
    });
    expect(check(user('assert_service_status', { expected_status: 'online' }))).toEqual({
      type: 'error',
      message: "'online' is not a valid NetworkStatus",
    });
  });

  it('read the carrier: refuelled data within 1e-6, line status, overdue bills', async () => {
    const tools = await telecomHarness();
    const check = (call: Parameters<typeof runTelecomAssertion>[1]) =>
      runTelecomAssertion(tools.state, call);
    expect(
      check(
        agent('assert_data_refueling_amount', {
          customer_id: 'C2',
          line_id: 'L3',
          expected_amount: 0.5000001,
        }),
      ),
    ).toEqual({ type: 'value', value: true });
    expect(
      check(
        agent('assert_line_status', {
          customer_id: 'C2',
          line_id: 'L4',
          expected_status: 'Active',
        }),
      ),
    ).toEqual({ type: 'value', value: false });
    expect(check(agent('assert_no_overdue_bill', { overdue_bill_id: 'B99' }))).toEqual({
      type: 'value',
      value: true,
    });
    expect(check(agent('assert_no_overdue_bill', { overdue_bill_id: 'B3' }))).toEqual({
      type: 'value',
      value: false,
    });
    expect(
      check(agent('assert_overdue_bill_exists', { customer_id: 'C2', overdue_bill_id: 'B3' })),
    ).toEqual({
      type: 'error',
      message: 'Overdue bill B3 is not overdue',
    });
  });

  it('never change the state, and name a function tau2 does not have', async () => {
    const tools = await telecomHarness();
    runTelecomAssertion(tools.state, user('assert_internet_speed', { expected_speed: 1 }));
    expect(tools.state.diff()).toEqual({});
    expect(runTelecomAssertion(tools.state, user('assert_battery_full'))).toEqual({
      type: 'error',
      message: 'tau2\'s telecom user toolkit has no assertion function "assert_battery_full"',
    });
  });
});
