import type { JsonObject, JsonValue } from '../../core/index.js';
import type { WorkingState } from '../../state/index.js';
import { raise } from './telecom-error.js';
import { TAU2_TODAY } from './telecom-records.js';
import type { TelecomTable } from './telecom-records.js';

// The lookups of tau2's TelecomTools (tools.py), with its error messages.

function record(state: WorkingState, table: TelecomTable, id: string, what: string): JsonObject {
  return state.get(table, id) ?? raise(`${what} with ID ${id} not found`);
}

export const customerById = (state: WorkingState, id: string) =>
  record(state, 'customers', id, 'Customer');
export const lineById = (state: WorkingState, id: string) => record(state, 'lines', id, 'Line');
export const planById = (state: WorkingState, id: string) => record(state, 'plans', id, 'Plan');
export const deviceById = (state: WorkingState, id: string) =>
  record(state, 'devices', id, 'Device');
export const billById = (state: WorkingState, id: string) => record(state, 'bills', id, 'Bill');

export const idsOf = (value: JsonValue | undefined): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** `_get_line_by_phone`: the first line (db order) with the number. */
export function lineByPhone(state: WorkingState, phoneNumber: string): [string, JsonObject] {
  for (const [id, line] of state.entries('lines')) {
    if (line.phone_number === phoneNumber) return [id, line];
  }
  return raise(`Line with phone number ${phoneNumber} not found`);
}

/** `get_customer_by_phone`: a customer's contact number, else one of their lines' numbers. */
export function customerByPhone(state: WorkingState, phoneNumber: string): JsonObject {
  for (const [, customer] of state.entries('customers')) {
    if (customer.phone_number === phoneNumber) return customer;
    for (const lineId of idsOf(customer.line_ids)) {
      if (lineById(state, lineId).phone_number === phoneNumber) return customer;
    }
  }
  return raise(`Customer with phone number ${phoneNumber} not found`);
}

/** `_get_target_line`: the line, once the customer is known to own it. */
export function targetLine(state: WorkingState, customerId: string, lineId: string): JsonObject {
  const customer = customerById(state, customerId);
  if (!idsOf(customer.line_ids).includes(lineId))
    raise(`Line ${lineId} not found for customer ${customerId}`);
  return lineById(state, lineId);
}

/** `_get_bills_awaiting_payment`: in the order of the customer's bill_ids. */
export function billsAwaitingPayment(state: WorkingState, customer: JsonObject): JsonObject[] {
  return idsOf(customer.bill_ids)
    .map((id) => billById(state, id))
    .filter((bill) => bill.status === 'Awaiting Payment');
}

const pad = (value: number, width = 2) => value.toFixed(0).padStart(width, '0');

/** A calendar date as ISO text, from its parts (month 1-12; day may run past the month). */
export function isoDate(year: number, month: number, day: number): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

export const TODAY = isoDate(TAU2_TODAY.year, TAU2_TODAY.month, TAU2_TODAY.day);

/**
 * A record as tau2's tool message shows it: tau2 dumps the model in
 * Python mode and JSON-encodes what is left with `default=str`, so a
 * datetime reads `2025-01-20 14:30:00` (a space, not `T`); dates and
 * everything else read as in the db.
 */
export function asToolMessage(table: TelecomTable, value: JsonObject): JsonObject {
  const fields = DATETIME_FIELDS[table];
  if (fields === undefined) return value;
  const shown: JsonObject = { ...value };
  for (const field of fields) {
    const text = shown[field];
    if (typeof text === 'string') shown[field] = text.replace('T', ' ');
  }
  return shown;
}

const DATETIME_FIELDS: Partial<Record<TelecomTable, readonly string[]>> = {
  customers: ['created_at'],
  devices: ['activation_date', 'last_esim_transfer_date'],
};
