import { z } from 'zod';
import { defineTool, toolError } from '../../environment/index.js';
import { RETAIL_COLLECTIONS, orderOwner, readOrder } from './retail-records.js';
import type { RetailAddress } from './retail-records.js';
import { OrderIdArgument, UserIdArgument, addressArguments } from './tool-arguments.js';

// Descriptions are tau-bench's (MIT, Sierra).

/**
 * The address as tau-bench writes it: a new object in this key order, which
 * differs from the seed's (country before state). Key order never counts in
 * comparisons; building it fresh also drops any stray key.
 */
function newAddress(fields: RetailAddress): RetailAddress {
  return {
    address1: fields.address1,
    address2: fields.address2,
    city: fields.city,
    state: fields.state,
    country: fields.country,
    zip: fields.zip,
  };
}

export const modifyPendingOrderAddress = defineTool({
  name: 'modify_pending_order_address',
  description:
    'Modify the shipping address of a pending order. The agent needs to explain the modification detail and ask for explicit user confirmation (yes/no) to proceed.',
  input: z.strictObject({
    order_id: OrderIdArgument,
    ...addressArguments("The province, such as 'CA'."),
  }),
  effect: 'write',
  scope: ({ order_id }, state) => orderOwner(state, order_id),
  run: (args, { state }) => {
    const order = readOrder(state, args.order_id);
    if (order === undefined) return toolError('order_not_found', 'order not found');
    if (order.status !== 'pending') {
      return toolError('invalid_status', 'non-pending order cannot be modified');
    }
    return state.update(RETAIL_COLLECTIONS.orders, args.order_id, (draft) => {
      draft.address = newAddress(args);
    });
  },
});

export const modifyUserAddress = defineTool({
  name: 'modify_user_address',
  description:
    'Modify the default address of a user. The agent needs to explain the modification detail and ask for explicit user confirmation (yes/no) to proceed.',
  input: z.strictObject({
    user_id: UserIdArgument,
    ...addressArguments("The state, such as 'CA'."),
  }),
  effect: 'write',
  scope: ({ user_id }) => user_id,
  run: (args, { state }) => {
    // Any user, whatever their orders: tau-bench has no other precondition.
    if (!state.has(RETAIL_COLLECTIONS.users, args.user_id)) {
      return toolError('user_not_found', 'user not found');
    }
    return state.update(RETAIL_COLLECTIONS.users, args.user_id, (draft) => {
      draft.address = newAddress(args);
    });
  },
});
