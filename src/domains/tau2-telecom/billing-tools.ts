import { z } from 'zod';
import { pyText } from './python-text.js';
import type { JsonObject } from '../../core/index.js';
import { billById, billsAwaitingPayment, customerById, idsOf } from './carrier-lookups.js';
import { defineTelecomTool, raise } from './telecom-error.js';

// Names, arguments, descriptions, results and error messages are
// tau2-bench's (MIT, Sierra).

export const getBillsForCustomer = defineTelecomTool({
  name: 'get_bills_for_customer',
  description: "Retrieves a list of the customer's bills, most recent first.",
  input: z.strictObject({
    customer_id: z.string().describe('ID of the customer.'),
    limit: z.number().int().default(12).describe('Maximum number of bills to return.'),
  }),
  effect: 'read',
  run: ({ customer_id, limit }, { state }) => {
    const customer = customerById(state, customer_id);
    const bills = idsOf(customer.bill_ids).map((id) => billById(state, id));
    // Newest issue date first; a stable sort keeps bills of one date in bill_ids order, as Python's.
    const sorted = bills.sort((a, b) => compareText(pyText(b.issue_date), pyText(a.issue_date)));
    // Python's [:limit]: a negative limit drops that many from the end.
    return sorted.slice(0, limit < 0 ? Math.max(0, sorted.length + limit) : limit);
  },
});

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export const sendPaymentRequest = defineTelecomTool({
  name: 'send_payment_request',
  description:
    'Sends a payment request to the customer for a specific bill. Checks: - Customer exists - Bill exists and belongs to the customer - No other bills are already awaiting payment for this customer Logic: Sets bill status to AWAITING_PAYMENT and notifies customer. Warning: This method does not check if the bill is already PAID. Always check the bill status before calling this method.',
  input: z.strictObject({
    customer_id: z.string().describe('ID of the customer who owns the bill.'),
    bill_id: z.string().describe('ID of the bill to send payment request for.'),
  }),
  effect: 'write',
  run: ({ customer_id, bill_id }, { state }) => {
    const customer: JsonObject = customerById(state, customer_id);
    if (billsAwaitingPayment(state, customer).length !== 0)
      raise('A bill is already awaiting payment for this customer');
    if (!idsOf(customer.bill_ids).includes(bill_id))
      raise(`Bill ${bill_id} not found for customer ${customer_id}`);
    billById(state, bill_id);
    state.update('bills', bill_id, (bill) => {
      bill.status = 'Awaiting Payment';
    });
    return `Payment request sent to the customer for bill ${bill_id}`;
  },
});

export const transferToHumanAgents = defineTelecomTool({
  name: 'transfer_to_human_agents',
  description:
    "Transfer the user to a human agent, with a summary of the user's issue. Only transfer if - the user explicitly asks for a human agent - given the policy and the available tools, you cannot solve the user's issue.",
  input: z.strictObject({
    summary: z.string().describe("A summary of the user's issue."),
  }),
  effect: 'read',
  terminates: true,
  run: () => 'Transfer successful',
});
