import { z } from 'zod';
import { pyText } from './python-text.js';
import {
  asToolMessage,
  billById,
  customerById,
  customerByPhone,
  deviceById,
  lineById,
  planById,
} from './carrier-lookups.js';
import { defineTelecomTool, raise } from './telecom-error.js';

// Names, arguments and descriptions are tau2-bench's (MIT, Sierra), so an
// agent sees the tools as it would there.

export const getCustomerByPhone = defineTelecomTool({
  name: 'get_customer_by_phone',
  description: 'Finds a customer by their primary contact or line phone number.',
  input: z.strictObject({
    phone_number: z.string().describe('The phone number to search for.'),
  }),
  effect: 'read',
  run: ({ phone_number }, { state }) =>
    asToolMessage('customers', customerByPhone(state, phone_number)),
});

export const getCustomerById = defineTelecomTool({
  name: 'get_customer_by_id',
  description: 'Retrieves a customer directly by their unique ID.',
  input: z.strictObject({
    customer_id: z.string().describe('The unique identifier of the customer.'),
  }),
  effect: 'read',
  run: ({ customer_id }, { state }) => asToolMessage('customers', customerById(state, customer_id)),
});

export const getCustomerByName = defineTelecomTool({
  name: 'get_customer_by_name',
  description:
    'Searches for customers by name and DOB. May return multiple matches if names are similar, DOB helps disambiguate.',
  input: z.strictObject({
    full_name: z.string().describe('The full name of the customer.'),
    dob: z.string().describe('Date of birth for verification, in the format YYYY-MM-DD.'),
  }),
  effect: 'read',
  run: ({ full_name, dob }, { state }) => {
    const wanted = full_name.toLowerCase();
    return state
      .list('customers')
      .filter(
        (customer) =>
          pyText(customer.full_name).toLowerCase() === wanted && customer.date_of_birth === dob,
      )
      .map((customer) => asToolMessage('customers', customer));
  },
});

export const getDetailsById = defineTelecomTool({
  name: 'get_details_by_id',
  description:
    'Retrieves the details for a given ID. The ID must be a valid ID for a Customer, Line, Device, Bill, or Plan.',
  input: z.strictObject({
    id: z.string().describe('The ID of the object to retrieve.'),
  }),
  effect: 'read',
  run: ({ id }, { state }) => {
    // tau2 tells the kinds apart by the id's first letter.
    if (id.startsWith('L')) return lineById(state, id);
    if (id.startsWith('D')) return asToolMessage('devices', deviceById(state, id));
    if (id.startsWith('B')) return billById(state, id);
    if (id.startsWith('C')) return asToolMessage('customers', customerById(state, id));
    if (id.startsWith('P')) return planById(state, id);
    return raise(`Unknown ID format or type: ${id}`);
  },
});
