import { sha256Hex } from '../../core/index.js';
import type { JsonObject } from '../../core/index.js';
import type { WorkingState } from '../../state/index.js';
import { TODAY, billById, customerById, idsOf, isoDate } from './carrier-lookups.js';
import { TAU2_TODAY } from './telecom-records.js';

/**
 * tau2's `_apply_one_time_charge`: a line item on the customer's first
 * draft bill (in the order of their bill_ids), or on a new draft bill for
 * next month's cycle. tau2 names a new bill `B` and 8 random hex digits
 * (uuid4); here the digits come from the customer and the number of bills,
 * so that the same calls on the same state give the same id (a replay of a
 * trial reaches the same end state).
 */
export function applyOneTimeCharge(
  state: WorkingState,
  charge: { readonly customerId: string; readonly amount: number; readonly description: string },
): void {
  const { customerId, amount, description } = charge;
  customerById(state, customerId);
  let draftId = idsOf(customerById(state, customerId).bill_ids).find(
    (id) => billById(state, id).status === 'Draft',
  );
  if (draftId === undefined) {
    draftId = freshBillId(state, customerId);
    const { year, month } = TAU2_TODAY;
    const start = isoDate(year, month + 1, 1);
    state.insert('bills', draftId, {
      bill_id: draftId,
      customer_id: customerId,
      period_start: start,
      period_end: isoDate(year, month + 2, 0),
      issue_date: start,
      total_due: 0,
      due_date: isoDate(year, month + 1, 15),
      line_items: [],
      status: 'Draft',
    });
    const id = draftId;
    state.update('customers', customerId, (customer) => {
      customer.bill_ids = [...idsOf(customer.bill_ids), id];
    });
  }
  state.update('bills', draftId, (bill) => {
    const item: JsonObject = {
      description,
      amount,
      date: TODAY,
      item_type: amount < 0 ? 'Credit' : 'Charge',
    };
    bill.line_items = [...(Array.isArray(bill.line_items) ? bill.line_items : []), item];
    bill.total_due = Number(bill.total_due) + amount;
  });
}

function freshBillId(state: WorkingState, customerId: string): string {
  for (let attempt = 0; ; attempt++) {
    const id = `B${sha256Hex(`${customerId}:${state.count('bills')}:${attempt}`).slice(0, 8)}`;
    if (!state.has('bills', id)) return id;
  }
}
