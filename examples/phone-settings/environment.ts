import { defineEnvironment, defineTool, toolError, z } from 'endstate';
import type { StateRecord, WorkingState } from 'endstate';

/**
 * A mobile carrier's support desk with two sides of the world (dual
 * control). The agent's side holds the carrier's records (customers and
 * their lines); the user's side holds the customer's phone (`device`),
 * which only the customer can check and change, with tools of their own.
 * After every call a sync hook brings the phone in line with the line
 * (a suspended line gives no service) and works out whether mobile data
 * gets through, which the tasks assert on.
 */

const PHONE = 'phone';

const phoneInput = z.object({
  phone_number: z.string().describe('The phone number, e.g. 555-0100.'),
});
const lineInput = z.object({ line_id: z.string().describe('The line id, e.g. L1.') });

/** The line that carries a phone number, with its id. */
function lineOf(state: WorkingState, phoneNumber: string): [string, StateRecord] | undefined {
  return state.entries('lines').find(([, line]) => line.phone_number === phoneNumber);
}

const getLineByPhone = defineTool({
  name: 'get_line_by_phone',
  description: "Look up a customer's mobile line by its phone number: status, plan and roaming.",
  input: phoneInput,
  effect: 'read',
  run: ({ phone_number }, { state }) => {
    const found = lineOf(state, phone_number);
    if (found === undefined) return toolError('not_found', `no line for ${phone_number}`);
    const [line_id, line] = found;
    return { line_id, ...line };
  },
});

const resumeLine = defineTool({
  name: 'resume_line',
  description: 'Resume a suspended line once the reason for the suspension is resolved.',
  input: lineInput,
  effect: 'write',
  run: ({ line_id }, { state }) => {
    const line = state.get('lines', line_id);
    if (line === undefined) return toolError('not_found', `no line ${line_id}`);
    if (line.status !== 'suspended')
      return toolError('not_suspended', `line ${line_id} is ${JSON.stringify(line.status)}`);
    state.update('lines', line_id, (record) => {
      record.status = 'active';
    });
    return { line_id, status: 'active' };
  },
});

/** Set-up only (a task's `init`): suspends a line before the conversation. */
const suspendLine = defineTool({
  name: 'suspend_line',
  description: 'Suspend a line.',
  input: lineInput,
  effect: 'write',
  run: ({ line_id }, { state }) => {
    if (!state.has('lines', line_id)) return toolError('not_found', `no line ${line_id}`);
    state.update('lines', line_id, (record) => {
      record.status = 'suspended';
    });
    return { line_id, status: 'suspended' };
  },
});

const checkStatusBar = defineTool({
  name: 'check_status_bar',
  description: "Look at your phone's status bar: airplane mode, mobile data, signal and data.",
  input: z.object({}),
  effect: 'read',
  run: (_args, { state }) => {
    const phone = state.get('device', PHONE);
    if (phone === undefined) return toolError('no_phone', 'there is no phone');
    return {
      airplane_mode: phone.airplane_mode === true,
      mobile_data: phone.mobile_data === true,
      signal: phone.airplane_mode === true || phone.line_active !== true ? 'none' : 'good',
      data_connection: phone.data_connection ?? 'none',
    };
  },
});

/** A user tool that flips one switch of the phone and says where it now stands. */
function toggle(name: string, field: 'airplane_mode' | 'mobile_data', what: string) {
  return defineTool({
    name,
    description: `Turn ${what} on your phone on or off (it flips the switch).`,
    input: z.object({}),
    effect: 'write',
    run: (_args, { state }) => {
      const phone = state.update('device', PHONE, (record) => {
        record[field] = record[field] !== true;
      });
      return { [field]: phone[field] ?? null };
    },
  });
}

/** Set-up only (a task's `init`): puts one switch of the phone in a given position. */
const setSwitch = defineTool({
  name: 'set_switch',
  description: 'Set a switch of the phone.',
  input: z.object({ switch: z.enum(['airplane_mode', 'mobile_data']), on: z.boolean() }),
  effect: 'write',
  run: (args, { state }) =>
    state.update('device', PHONE, (record) => {
      record[args.switch] = args.on;
    }),
});

export default defineEnvironment({
  name: 'phone-settings',
  version: '1.0.0',
  policy: [
    'You are a mobile carrier support agent. Help customers whose mobile data does not work.',
    "First look up the customer's line by their phone number. A suspended line is resumed once the customer confirms they want it back.",
    "You cannot see or change the customer's phone: ask them to check their status bar and to change a setting (airplane mode, mobile data) themselves, one step at a time.",
  ].join('\n'),
  fixture: {
    customers: { C1: { name: 'Rosa Diaz', phone_number: '555-0100', line_id: 'L1' } },
    lines: {
      L1: { phone_number: '555-0100', status: 'active', plan: 'basic-5gb', roaming: false },
    },
  },
  tools: [getLineByPhone, resumeLine],
  setup: [suspendLine],
  user: {
    fixture: {
      device: {
        [PHONE]: {
          phone_number: '555-0100',
          airplane_mode: false,
          mobile_data: true,
          line_active: true,
          data_connection: 'connected',
        },
      },
    },
    tools: [
      checkStatusBar,
      toggle('toggle_airplane_mode', 'airplane_mode', 'airplane mode'),
      toggle('toggle_mobile_data', 'mobile_data', 'mobile data'),
    ],
    setup: [setSwitch],
  },
  sync: ({ state }) => {
    const phone = state.get('device', PHONE);
    if (phone === undefined) return;
    const line =
      typeof phone.phone_number === 'string' ? lineOf(state, phone.phone_number)?.[1] : undefined;
    const lineActive = line?.status === 'active';
    const connected = lineActive && phone.airplane_mode !== true && phone.mobile_data === true;
    const dataConnection = connected ? 'connected' : 'none';
    if (phone.line_active === lineActive && phone.data_connection === dataConnection) return;
    state.update('device', PHONE, (record) => {
      record.line_active = lineActive;
      record.data_connection = dataConnection;
    });
  },
});
