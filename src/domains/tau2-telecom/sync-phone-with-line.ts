import type { JsonObject } from '../../core/index.js';
import { pyText } from './python-text.js';
import type { SyncContext } from '../../environment/index.js';
import {
  billById,
  billsAwaitingPayment,
  customerByPhone,
  lineByPhone,
  planById,
} from './carrier-lookups.js';
import { onPhone } from './define-phone-tool.js';

/**
 * tau2's `TelecomEnvironment.sync_tools`, after every call: once the phone
 * has a number, its surroundings follow the carrier's line (active,
 * roaming allowed, data allowance used up); a payment request the customer
 * paid marks the bill paid on the carrier's side; a bill awaiting payment
 * becomes the phone's payment request. Like tau2 it changes no phone
 * setting itself: the phone reconnects at its next network search.
 */
export function syncPhoneWithLine({ state }: SyncContext): void {
  onPhone(state, ({ surroundings }) => {
    const phoneNumber = surroundings.phone_number;
    if (typeof phoneNumber !== 'string') return;
    const [, line] = lineByPhone(state, phoneNumber);
    surroundings.line_active = line.status === 'Active';
    surroundings.roaming_allowed = line.roaming_enabled === true;
    const plan = planById(state, pyText(line.plan_id));
    surroundings.mobile_data_usage_exceeded =
      Number(line.data_used_gb) >= Number(plan.data_limit_gb) + Number(line.data_refueling_gb);

    const request = surroundings.payment_request as JsonObject | null | undefined;
    if (request != null && request.paid === true) {
      const billId = pyText(request.bill_id);
      billById(state, billId);
      state.update('bills', billId, (bill) => {
        bill.status = 'Paid';
      });
      surroundings.payment_request = null;
    }
    if (surroundings.payment_request == null) {
      const [bill] = billsAwaitingPayment(state, customerByPhone(state, phoneNumber));
      if (bill !== undefined)
        surroundings.payment_request = {
          bill_id: bill.bill_id ?? null,
          amount_due: bill.total_due ?? null,
          paid: false,
        };
    }
  });
}
