import type { JsonObject, JsonValue } from '../../core/index.js';
import { pyText } from './python-text.js';
import type { WorkingState } from '../../state/index.js';
import { billById, customerById, idsOf, targetLine } from './carrier-lookups.js';
import { onPhone } from './define-phone-tool.js';
import type { Phone } from './phone-model.js';
import { canSendMms, isMobileDataWorking, runSpeedTest } from './phone-model.js';
import { Tau2ValueError, raise } from './telecom-error.js';

/** One of tau2's env assertions: a function of one side's toolkit and its arguments. */
export interface TelecomAssertionCall {
  readonly env_type: 'user' | 'assistant';
  readonly func_name: string;
  readonly arguments: Readonly<Record<string, JsonValue>>;
}

/** What the function answered, or the error it raised (tau2's evaluation then fails). */
export type TelecomAssertionResult =
  | { readonly type: 'value'; readonly value: boolean }
  | { readonly type: 'error'; readonly message: string };

type Args = Readonly<Record<string, JsonValue>>;

const text = (args: Args, name: string) => pyText(args[name]);

/** A speed test's figures as tau2's assertions read them: no connection is 0 Mbps, "No Connection". */
function speedOf(phone: Phone): { mbps: number; description: string } {
  const test = runSpeedTest(phone);
  return test.type === 'no-connection'
    ? { mbps: 0, description: 'No Connection' }
    : { mbps: test.mbps, description: test.description };
}

const NETWORK_STATUSES = ['connected', 'searching', 'no_service', 'emergency_only'];

const USER_ASSERTIONS: Readonly<Record<string, (phone: Phone, args: Args) => boolean>> = {
  assert_airplane_mode_status: ({ device }, args) =>
    (device.airplane_mode === true) === args.expected_status,
  assert_service_status: ({ device }, args) => {
    const expected = text(args, 'expected_status');
    if (!NETWORK_STATUSES.includes(expected)) raise(`'${expected}' is not a valid NetworkStatus`);
    return device.network_connection_status === expected;
  },
  assert_mobile_data_status: (phone, args) => isMobileDataWorking(phone) === args.expected_status,
  assert_mobile_roaming_status: ({ device }, args) =>
    (device.roaming_enabled === true) === args.expected_status,
  assert_mobile_data_saver_mode_status: ({ device }, args) =>
    (device.data_saver_mode === true) === args.expected_status,
  assert_internet_speed: (phone, args) => {
    const { mbps, description } = speedOf(phone);
    const fast = mbps >= Number(args.expected_speed);
    const wanted = args.expected_desc;
    return wanted == null
      ? fast
      : fast && description.toLowerCase() === pyText(wanted).toLowerCase();
  },
  assert_internet_not_excellent: (phone) =>
    speedOf(phone).description.toLowerCase() !== 'excellent',
  assert_can_send_mms: (phone, args) => canSendMms(phone) === args.expected_status,
  assert_mobile_data_usage_exceeded: ({ surroundings }, args) =>
    (surroundings.mobile_data_usage_exceeded === true) === args.expected_status,
};

const AGENT_ASSERTIONS: Readonly<Record<string, (state: WorkingState, args: Args) => boolean>> = {
  assert_data_refueling_amount: (state, args) => {
    const line = targetLine(state, text(args, 'customer_id'), text(args, 'line_id'));
    return Math.abs(Number(line.data_refueling_gb) - Number(args.expected_amount)) < 1e-6;
  },
  assert_line_status: (state, args) =>
    targetLine(state, text(args, 'customer_id'), text(args, 'line_id')).status ===
    args.expected_status,
  assert_overdue_bill_exists: (state, args) => {
    const billId = text(args, 'overdue_bill_id');
    const customer: JsonObject = customerById(state, text(args, 'customer_id'));
    if (!idsOf(customer.bill_ids).includes(billId)) raise(`Overdue bill ${billId} not found`);
    if (billById(state, billId).status !== 'Overdue')
      raise(`Overdue bill ${billId} is not overdue`);
    return true;
  },
  assert_no_overdue_bill: (state, args) => {
    const bill = state.get('bills', text(args, 'overdue_bill_id'));
    return bill === undefined || bill.status === 'Paid';
  },
};

/** The assertion function names of each side, as tau2's toolkits define them. */
export const TELECOM_ASSERTIONS = {
  user: Object.keys(USER_ASSERTIONS),
  assistant: Object.keys(AGENT_ASSERTIONS),
} as const;

/**
 * Runs one of tau2's telecom env assertion functions on a state (both
 * sides), as tau2's `run_env_assertion` calls it: the function's answer,
 * or the error it raised. The state is read, never changed.
 *
 * @example
 * runTelecomAssertion(state, { env_type: 'user', func_name: 'assert_can_send_mms', arguments: { expected_status: true } });
 * // { type: 'value', value: true }
 */
export function runTelecomAssertion(
  state: WorkingState,
  call: TelecomAssertionCall,
): TelecomAssertionResult {
  try {
    if (call.env_type === 'user') {
      const run = USER_ASSERTIONS[call.func_name];
      if (run === undefined) return unknown(call);
      // A copy: an assertion never writes back.
      return {
        type: 'value',
        value: onPhone(state, (phone) => run(structuredClone(phone), call.arguments)),
      };
    }
    const run = AGENT_ASSERTIONS[call.func_name];
    if (run === undefined) return unknown(call);
    return { type: 'value', value: run(state, call.arguments) };
  } catch (error) {
    if (error instanceof Tau2ValueError) return { type: 'error', message: error.message };
    throw error;
  }
}

function unknown(call: TelecomAssertionCall): TelecomAssertionResult {
  return {
    type: 'error',
    message: `tau2's telecom ${call.env_type} toolkit has no assertion function "${call.func_name}"`,
  };
}
