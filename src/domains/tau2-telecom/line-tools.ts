import { z } from 'zod';
import { pyText } from './python-text.js';
import type { JsonValue } from '../../core/index.js';
import { formatPythonFloat } from '../taubench/index.js';
import { applyOneTimeCharge } from './apply-one-time-charge.js';
import { TODAY, isoDate, planById, targetLine } from './carrier-lookups.js';
import { defineTelecomTool, raise } from './telecom-error.js';
import { TAU2_TODAY } from './telecom-records.js';

// Names, arguments, descriptions, results and error messages are
// tau2-bench's (MIT, Sierra).

/**
 * A number in a dict that tau2's tool message shows: its `to_json_str`
 * turns every int and float of a plain dict into `str(x)`, so the agent
 * reads `"6.0"`, not `6.0` (a model's fields stay numbers).
 */
const pythonStr = (value: JsonValue | undefined) => formatPythonFloat(Number(value));

const customerIdArgument = z.string().describe('ID of the customer who owns the line.');
const lineIdArgument = (what: string) => z.string().describe(`ID of the line to ${what}.`);

export const suspendLine = defineTelecomTool({
  name: 'suspend_line',
  description:
    'Suspends a specific line (max 6 months). Checks: Line status must be Active. Logic: Sets line status to Suspended, records suspension_start_date.',
  input: z.strictObject({
    customer_id: customerIdArgument,
    line_id: lineIdArgument('suspend'),
    reason: z.string().describe('Reason for suspension.'),
  }),
  effect: 'write',
  run: ({ customer_id, line_id }, { state }) => {
    const line = targetLine(state, customer_id, line_id);
    if (line.status !== 'Active') raise('Line must be active to suspend');
    const updated = state.update('lines', line_id, (draft) => {
      draft.status = 'Suspended';
      draft.suspension_start_date = TODAY;
    });
    return {
      message: 'Line suspended successfully. $5/month holding fee will apply.',
      line: updated,
    };
  },
});

export const resumeLine = defineTelecomTool({
  name: 'resume_line',
  description:
    'Resumes a suspended line. Checks: Line status must be Suspended or Pending Activation. Logic: Sets line status to Active, clears suspension_start_date.',
  input: z.strictObject({ customer_id: customerIdArgument, line_id: lineIdArgument('resume') }),
  effect: 'write',
  run: ({ customer_id, line_id }, { state }) => {
    const line = targetLine(state, customer_id, line_id);
    if (line.status !== 'Suspended' && line.status !== 'Pending Activation')
      raise('Line must be suspended to resume');
    const updated = state.update('lines', line_id, (draft) => {
      draft.status = 'Active';
      draft.suspension_start_date = null;
    });
    return { message: 'Line resumed successfully', line: updated };
  },
});

export const getDataUsage = defineTelecomTool({
  name: 'get_data_usage',
  description:
    'Retrieves current billing cycle data usage for a line, including data refueling amount, data limit, and cycle end date.',
  input: z.strictObject({
    customer_id: customerIdArgument,
    line_id: lineIdArgument('check usage for'),
  }),
  effect: 'read',
  run: ({ customer_id, line_id }, { state }) => {
    const line = targetLine(state, customer_id, line_id);
    const plan = planById(state, pyText(line.plan_id));
    // The day before the first of next month; tau2 keeps the year in December, and so does this.
    const { year, month } = TAU2_TODAY;
    const next = month < 12 ? month + 1 : 1;
    return {
      line_id,
      data_used_gb: pythonStr(line.data_used_gb),
      data_limit_gb: pythonStr(plan.data_limit_gb),
      data_refueling_gb: pythonStr(line.data_refueling_gb),
      cycle_end_date: isoDate(year, next, 0),
    };
  },
});

function setRoaming(enabled: boolean) {
  const verb = enabled ? 'enable' : 'disable';
  return defineTelecomTool({
    name: `${verb}_roaming`,
    description: `${enabled ? 'Enables' : 'Disables'} international roaming on a line.`,
    input: z.strictObject({
      customer_id: customerIdArgument,
      line_id: lineIdArgument(`${verb} roaming for`),
    }),
    effect: 'write',
    run: ({ customer_id, line_id }, { state }) => {
      const line = targetLine(state, customer_id, line_id);
      if (line.roaming_enabled === enabled) return `Roaming was already ${verb}d`;
      state.update('lines', line_id, (draft) => {
        draft.roaming_enabled = enabled;
      });
      return `Roaming ${verb}d successfully`;
    },
  });
}

export const enableRoaming = setRoaming(true);
export const disableRoaming = setRoaming(false);

export const refuelData = defineTelecomTool({
  name: 'refuel_data',
  description:
    "Refuels data for a specific line, adding to the customer's bill. Checks: Line status must be Active, Customer owns the line. Logic: Adds data to the line and charges customer based on the plan's refueling rate.",
  input: z.strictObject({
    customer_id: customerIdArgument,
    line_id: lineIdArgument('refuel data for'),
    gb_amount: z.number().describe('Amount of data to add in gigabytes.'),
  }),
  effect: 'write',
  run: ({ customer_id, line_id, gb_amount }, { state }) => {
    const line = targetLine(state, customer_id, line_id);
    // tau2 leaves the line's status unchecked (its check is commented out).
    if (gb_amount <= 0) raise('Refuel amount must be positive');
    const plan = planById(state, pyText(line.plan_id));
    const price = Number(plan.data_refueling_price_per_gb);
    const charge = gb_amount * price;
    const updated = state.update('lines', line_id, (draft) => {
      draft.data_refueling_gb = Number(draft.data_refueling_gb) + gb_amount;
    });
    const gb = formatPythonFloat(gb_amount);
    applyOneTimeCharge(state, {
      customerId: customer_id,
      amount: charge,
      description: `Data refueling: ${gb} GB at $${formatPythonFloat(price)}/GB`,
    });
    return {
      message: `Successfully added ${gb} GB of data for line ${line_id} for $${charge.toFixed(2)}`,
      new_data_refueling_gb: pythonStr(updated.data_refueling_gb),
      charge: pythonStr(charge),
    };
  },
});
