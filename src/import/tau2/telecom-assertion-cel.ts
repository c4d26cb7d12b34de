import type { JsonValue } from '../../core/index.js';
import type { Tau2EnvAssertion } from './tau2-task.js';

// tau2's telecom assertion functions (TelecomUserTools and TelecomTools:
// assert_*) as CEL over the end state: the phone is device/phone, the
// user's surroundings surroundings/user, the carrier's records its tables.

const PHONE = 'sT_by_id.device["phone"]';
const AROUND = 'sT_by_id.surroundings["user"]';

/** `_get_mobile_data_working`. */
const DATA_WORKS = `(${PHONE}.airplane_mode != true && ${PHONE}.network_signal_strength != "none" && ${PHONE}.network_connection_status != "no_service" && (${AROUND}.is_abroad != true || (${PHONE}.roaming_enabled == true && ${AROUND}.roaming_allowed == true)) && ${PHONE}.data_enabled == true && ${AROUND}.mobile_data_usage_exceeded != true)`;

/**
 * `_run_speed_test`'s Mbps when data works: the middle of the technology's
 * range times the signal factor times the VPN and data saver factors.
 * tau2 rounds it to two decimals, which moves no comparison with the
 * thresholds its tasks use (see telecom-domain.test.ts).
 */
const SPEED = `({"2G": 0.25, "3G": 3.0, "4G": 55.0, "5G": 275.0, "none": 0.0}[${PHONE}.network_technology_connected] * {"none": 0.0, "poor": 0.2, "fair": 0.5, "good": 0.8, "excellent": 1.0}[${PHONE}.network_signal_strength] * ((${PHONE}.vpn_connected == true && ${PHONE}.vpn_details != null && ${PHONE}.vpn_details.server_performance == "poor" ? 0.1 : 1.0) * (${PHONE}.data_saver_mode == true ? 0.2 : 1.0)))`;

/** The speed test's description (lowercased) as a condition on the speed. */
const DESCRIPTIONS: Readonly<Record<string, string>> = {
  'no connection': `!${DATA_WORKS}`,
  'very poor': `${DATA_WORKS} && ${SPEED} < 1.0`,
  poor: `${DATA_WORKS} && ${SPEED} >= 1.0 && ${SPEED} < 5.0`,
  fair: `${DATA_WORKS} && ${SPEED} >= 5.0 && ${SPEED} < 25.0`,
  good: `${DATA_WORKS} && ${SPEED} >= 25.0 && ${SPEED} < 100.0`,
  excellent: `${DATA_WORKS} && ${SPEED} >= 100.0`,
};

/** `_can_send_mms`. */
const MMS = `(${DATA_WORKS} && ${PHONE}.network_technology_connected != "2G" && !(${PHONE}.wifi_calling_enabled == true && ${PHONE}.wifi_calling_mms_over_wifi == true) && ${PHONE}.active_apn_settings.mmsc_url != null && "messaging" in ${PHONE}.app_statuses && ${PHONE}.app_statuses["messaging"].permissions.storage == true && ${PHONE}.app_statuses["messaging"].permissions.sms == true)`;

const NETWORK_STATUSES = ['connected', 'searching', 'no_service', 'emergency_only'];

type Cel = { readonly cel: string } | { readonly unsupported: string };

const literal = (value: JsonValue | undefined) => JSON.stringify(value ?? null);

/** A number as a CEL double literal (CEL does not mix int and double). */
function double(value: JsonValue | undefined): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  const text = String(value);
  return /[.e]/.test(text) ? text : `${text}.0`;
}

function flag(assertion: Tau2EnvAssertion, expression: string): Cel {
  const expected = assertion.arguments.expected_status;
  if (typeof expected !== 'boolean')
    return { unsupported: `${assertion.func_name} needs expected_status true or false` };
  return { cel: `(${expression}) == ${expected}` };
}

function internetSpeed(assertion: Tau2EnvAssertion): Cel {
  const expected = double(assertion.arguments.expected_speed);
  if (expected === undefined)
    return { unsupported: 'assert_internet_speed needs a number expected_speed' };
  const fast = `(${DATA_WORKS} ? ${SPEED} : 0.0) >= ${expected}`;
  const wanted = assertion.arguments.expected_desc;
  if (wanted === undefined || wanted === null) return { cel: fast };
  const description = typeof wanted === 'string' ? DESCRIPTIONS[wanted.toLowerCase()] : undefined;
  // tau2 compares with a description no speed test gives: never met.
  return { cel: description === undefined ? 'false' : `${fast} && ${description}` };
}

function ownedLine(args: Tau2EnvAssertion['arguments']): string {
  return `${literal(args.line_id)} in sT_by_id.customers[${literal(args.customer_id)}].line_ids`;
}

/**
 * One of tau2's telecom env assertions as a CEL predicate over the end
 * state (both sides), or why it cannot be one.
 */
export function telecomAssertionCel(assertion: Tau2EnvAssertion): Cel {
  const args = assertion.arguments;
  switch (assertion.func_name) {
    case 'assert_airplane_mode_status':
      return flag(assertion, `${PHONE}.airplane_mode == true`);
    case 'assert_mobile_data_status':
      return flag(assertion, DATA_WORKS);
    case 'assert_mobile_roaming_status':
      return flag(assertion, `${PHONE}.roaming_enabled == true`);
    case 'assert_mobile_data_saver_mode_status':
      return flag(assertion, `${PHONE}.data_saver_mode == true`);
    case 'assert_can_send_mms':
      return flag(assertion, MMS);
    case 'assert_mobile_data_usage_exceeded':
      return flag(assertion, `${AROUND}.mobile_data_usage_exceeded == true`);
    case 'assert_service_status':
      return typeof args.expected_status === 'string' &&
        NETWORK_STATUSES.includes(args.expected_status)
        ? { cel: `${PHONE}.network_connection_status == ${literal(args.expected_status)}` }
        : { unsupported: `assert_service_status needs one of ${NETWORK_STATUSES.join(', ')}` };
    case 'assert_internet_speed':
      return internetSpeed(assertion);
    case 'assert_internet_not_excellent':
      return { cel: `!(${DESCRIPTIONS.excellent})` };
    case 'assert_data_refueling_amount': {
      const amount = double(args.expected_amount);
      if (amount === undefined)
        return { unsupported: 'assert_data_refueling_amount needs a number expected_amount' };
      const refuelled = `sT_by_id.lines[${literal(args.line_id)}].data_refueling_gb`;
      return {
        cel: `${ownedLine(args)} && ${refuelled} - ${amount} < 0.000001 && ${amount} - ${refuelled} < 0.000001`,
      };
    }
    case 'assert_line_status':
      return {
        cel: `${ownedLine(args)} && sT_by_id.lines[${literal(args.line_id)}].status == ${literal(args.expected_status)}`,
      };
    case 'assert_overdue_bill_exists':
      return {
        cel: `${literal(args.overdue_bill_id)} in sT_by_id.customers[${literal(args.customer_id)}].bill_ids && sT_by_id.bills[${literal(args.overdue_bill_id)}].status == "Overdue"`,
      };
    case 'assert_no_overdue_bill': {
      const bill = literal(args.overdue_bill_id);
      return { cel: `!(${bill} in sT_by_id.bills) || sT_by_id.bills[${bill}].status == "Paid"` };
    }
    default:
      return {
        unsupported: `tau2's telecom toolkits have no assertion function "${assertion.func_name}"`,
      };
  }
}
