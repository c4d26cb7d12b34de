import { describe, expect, it } from 'vitest';
import type { JsonObject, JsonValue } from '../../core/index.js';
import { runTelecomAssertion } from '../../domains/tau2-telecom/index.js';
import { createTelecomEnvironment, loadTelecomData } from '../../domains/tau2-telecom/index.js';
import { createFinalStateView, evaluateAssertion } from '../../grade/index.js';
import { createWorkingState, freezeState } from '../../state/index.js';
import type { StateSnapshot } from '../../state/index.js';
import { telecomAssertionCel } from './telecom-assertion-cel.js';
import type { Tau2EnvAssertion } from './tau2-task.js';

// Reference values: tau2's assertion functions as endstate/telecom runs
// them, which the parity test holds to tau2's own Python on every task.

const MINI = new URL('../../../test/fixtures/tau2-telecom-mini/', import.meta.url).pathname;
const fixture = createTelecomEnvironment(loadTelecomData(MINI)).fixture.snapshot;

const user = (func_name: string, args: Record<string, JsonValue> = {}): Tau2EnvAssertion => ({
  env_type: 'user',
  func_name,
  arguments: args,
  assert_value: true,
});

const USER_ASSERTIONS = [
  user('assert_mobile_data_status', { expected_status: true }),
  user('assert_mobile_data_status', { expected_status: false }),
  user('assert_internet_speed', { expected_speed: 200, expected_desc: 'excellent' }),
  user('assert_internet_speed', { expected_speed: 40 }),
  user('assert_internet_speed', { expected_speed: 1, expected_desc: 'Poor' }),
  user('assert_internet_speed', { expected_speed: 5, expected_desc: 'fair' }),
  user('assert_internet_speed', { expected_speed: 25, expected_desc: 'good' }),
  user('assert_internet_speed', { expected_speed: 0, expected_desc: 'very poor' }),
  user('assert_internet_speed', { expected_speed: 0, expected_desc: 'no connection' }),
  user('assert_internet_not_excellent'),
  user('assert_can_send_mms', { expected_status: true }),
  user('assert_airplane_mode_status', { expected_status: false }),
  user('assert_service_status', { expected_status: 'no_service' }),
  user('assert_mobile_roaming_status', { expected_status: true }),
  user('assert_mobile_data_saver_mode_status', { expected_status: true }),
  user('assert_mobile_data_usage_exceeded', { expected_status: false }),
];

/** Phones over every technology, signal, VPN, data saver, roaming abroad and MMS setting. */
function* phones(): Generator<StateSnapshot> {
  const technologies = ['none', '2G', '3G', '4G', '5G'];
  const signals = ['none', 'poor', 'fair', 'good', 'excellent'];
  for (const technology of technologies)
    for (const signal of signals)
      for (const [vpn, saver, abroad, mms] of [
        [false, false, false, true],
        [true, false, false, false],
        [false, true, true, true],
        [true, true, false, true],
        [false, false, true, false],
      ] as const) {
        const device = structuredClone<JsonObject>(fixture.device!.phone!);
        Object.assign(device, {
          network_technology_connected: technology,
          network_signal_strength: signal,
          network_connection_status: signal === 'none' ? 'no_service' : 'connected',
          data_saver_mode: saver,
          roaming_enabled: !mms,
          vpn_connected: vpn,
          vpn_details: vpn
            ? { server_address: 'x', protocol: 'y', server_performance: 'poor' }
            : null,
          wifi_calling_enabled: !mms,
          wifi_calling_mms_over_wifi: !mms,
        });
        const surroundings = {
          ...(fixture.surroundings!.user as JsonObject),
          is_abroad: abroad,
          roaming_allowed: true,
        };
        yield { ...fixture, device: { phone: device }, surroundings: { user: surroundings } };
      }
}

describe("tau2's telecom assertions as CEL", () => {
  it('agree with the assertion functions on 125 phones', () => {
    let compared = 0;
    for (const snapshot of phones()) {
      const state = createWorkingState(freezeState(snapshot));
      const view = createFinalStateView(snapshot, {});
      for (const assertion of USER_ASSERTIONS) {
        const cel = telecomAssertionCel(assertion);
        if (!('cel' in cel)) throw new Error(cel.unsupported);
        const expected = runTelecomAssertion(state, assertion);
        const actual = evaluateAssertion(cel.cel, snapshot, view);
        expect({ assertion: assertion.func_name, args: assertion.arguments, pass: actual }).toEqual(
          {
            assertion: assertion.func_name,
            args: assertion.arguments,
            pass: { type: 'value', pass: expected.type === 'value' && expected.value },
          },
        );
        compared++;
      }
    }
    expect(compared).toBe(125 * USER_ASSERTIONS.length);
  });

  it("agree on the carrier's records", () => {
    const agent = (func_name: string, args: Record<string, JsonValue>): Tau2EnvAssertion => ({
      env_type: 'assistant',
      func_name,
      arguments: args,
      assert_value: true,
    });
    const state = createWorkingState(freezeState(fixture));
    const view = createFinalStateView(fixture, {});
    for (const assertion of [
      agent('assert_data_refueling_amount', {
        customer_id: 'C2',
        line_id: 'L3',
        expected_amount: 0.5,
      }),
      agent('assert_data_refueling_amount', {
        customer_id: 'C2',
        line_id: 'L3',
        expected_amount: 0.6,
      }),
      agent('assert_line_status', {
        customer_id: 'C2',
        line_id: 'L4',
        expected_status: 'Suspended',
      }),
      agent('assert_line_status', {
        customer_id: 'C1',
        line_id: 'L4',
        expected_status: 'Suspended',
      }),
      agent('assert_no_overdue_bill', { overdue_bill_id: 'B1' }),
      agent('assert_no_overdue_bill', { overdue_bill_id: 'B3' }),
      agent('assert_no_overdue_bill', { overdue_bill_id: 'B77' }),
    ]) {
      const cel = telecomAssertionCel(assertion);
      if (!('cel' in cel)) throw new Error(cel.unsupported);
      const expected = runTelecomAssertion(state, assertion);
      // A line another customer owns: tau2 raises; the CEL is false.
      const want = expected.type === 'value' && expected.value;
      expect(evaluateAssertion(cel.cel, fixture, view)).toEqual({ type: 'value', pass: want });
    }
  });

  it('name what they cannot read', () => {
    expect(
      telecomAssertionCel(user('assert_service_status', { expected_status: 'online' })),
    ).toEqual({
      unsupported:
        'assert_service_status needs one of connected, searching, no_service, emergency_only',
    });
    expect(telecomAssertionCel(user('assert_battery_full'))).toEqual({
      unsupported: `tau2's telecom toolkits have no assertion function "assert_battery_full"`,
    });
  });
});
