import { z } from 'zod';
import { pyText } from './python-text.js';
import { formatPythonFloat } from '../taubench/index.js';
import {
  TODAY,
  billById,
  customerById,
  idsOf,
  isoDate,
  lineById,
  planById,
  targetLine,
} from './carrier-lookups.js';
import { defineTelecomTool, raise } from './telecom-error.js';
import { TAU2_TODAY } from './telecom-records.js';

// The functions of tau2's TelecomTools that are not the agent's tools: a
// task's initialization_actions call them to set the carrier's records up.
// Only a task's `init` may call them. Answers are tau2's (MIT, Sierra).

export const setDataUsage = defineTelecomTool({
  name: 'set_data_usage',
  description: 'Sets the data used in the current cycle on a line.',
  input: z.strictObject({ customer_id: z.string(), line_id: z.string(), data_used_gb: z.number() }),
  effect: 'write',
  run: ({ customer_id, line_id, data_used_gb }, { state }) => {
    targetLine(state, customer_id, line_id);
    state.update('lines', line_id, (line) => {
      line.data_used_gb = data_used_gb;
    });
    return `Data usage set to ${formatPythonFloat(data_used_gb)} GB for line ${line_id}`;
  },
});

export const suspendLineForOverdueBill = defineTelecomTool({
  name: 'suspend_line_for_overdue_bill',
  description:
    "Suspends an active line for an unpaid bill: a new overdue bill of the plan's monthly price for last month.",
  input: z.strictObject({
    customer_id: z.string(),
    line_id: z.string(),
    new_bill_id: z.string(),
    contract_ended: z.boolean(),
  }),
  effect: 'write',
  run: ({ customer_id, line_id, new_bill_id, contract_ended }, { state }) => {
    const line = lineById(state, line_id);
    if (line.status !== 'Active') raise('Line must be active to suspend for unpaid bill');
    const amount = Number(planById(state, pyText(line.plan_id)).price_per_month);
    if (amount <= 0) raise('Amount must be positive for overdue bill');
    const customer = customerById(state, customer_id);
    if (idsOf(customer.bill_ids).some((id) => billById(state, id).status === 'Overdue'))
      raise('Customer already has an overdue bill');
    // tau2 would list a second bill under a used id; records here are keyed by id.
    if (state.has('bills', new_bill_id)) raise(`Bill ${new_bill_id} already exists`);
    const { year, month } = TAU2_TODAY;
    const firstOfLastMonth = isoDate(year, month - 1, 1);
    const lastOfLastMonth = isoDate(year, month, 0);
    state.insert('bills', new_bill_id, {
      bill_id: new_bill_id,
      customer_id,
      period_start: firstOfLastMonth,
      period_end: lastOfLastMonth,
      issue_date: firstOfLastMonth,
      total_due: amount,
      due_date: isoDate(year, month - 1, 15),
      line_items: [
        { description: `Charge for line ${line_id}`, amount, date: TODAY, item_type: 'Charge' },
      ],
      status: 'Overdue',
    });
    state.update('customers', customer_id, (record) => {
      record.bill_ids = [...idsOf(record.bill_ids), new_bill_id];
    });
    state.update('lines', line_id, (record) => {
      record.status = 'Suspended';
      record.suspension_start_date = TODAY;
      if (contract_ended) record.contract_end_date = lastOfLastMonth;
    });
    return `Line ${line_id} suspended for unpaid bill ${new_bill_id}. Contract ended: ${contract_ended ? 'True' : 'False'}`;
  },
});
