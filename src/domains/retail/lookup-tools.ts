import { z } from 'zod';
import { defineTool, toolError } from '../../environment/index.js';
import type { WorkingState } from '../../state/index.js';
import { RETAIL_COLLECTIONS, orderOwner, readProduct, readUser } from './retail-records.js';
import type { RetailUser } from './retail-records.js';
import { OrderIdArgument, UserIdArgument } from './tool-arguments.js';
import { indexedUsers } from './user-index.js';

// Descriptions are tau-bench's (MIT, Sierra).

const userNotFound = () => toolError('user_not_found', 'user not found');

/**
 * The first user (in the users' stored order) that passes `isMatch`. The
 * scans read records in place: no copies, no parsing, no per-user objects.
 */
function findUser(
  state: WorkingState,
  isMatch: (user: RetailUser) => boolean,
  candidates: readonly string[] | undefined,
): string | undefined {
  // The index narrows the scan to the users that can match, in the same order.
  for (const userId of candidates ?? state.ids(RETAIL_COLLECTIONS.users)) {
    const user = readUser(state, userId);
    if (user !== undefined && isMatch(user)) return userId;
  }
  return undefined;
}

/**
 * Python's `text.lower() == lowered` (`lowered` already lowercase) without
 * building a lowercase copy of each stored value: ASCII is folded in place
 * and stops at the first difference; anything else falls back to
 * toLowerCase, which applies the same Unicode mapping as Python's lower().
 */
function lowercaseEquals(text: string, lowered: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 128) return text.toLowerCase() === lowered;
    const folded = code >= 65 && code <= 90 ? code + 32 : code;
    // Lowercasing maps ASCII characters one by one, so a differing ASCII prefix settles it.
    if (folded !== lowered.charCodeAt(index)) return false;
  }
  return text.length === lowered.length;
}

export const findUserIdByEmail = defineTool({
  name: 'find_user_id_by_email',
  description:
    'Find user id by email. If the user is not found, the function will return an error message.',
  input: z.strictObject({
    email: z.string().describe("The email of the user, such as 'something@example.com'."),
  }),
  effect: 'read',
  run: ({ email }, { state }) => {
    const wanted = email.toLowerCase();
    const candidates = indexedUsers(state, { email: wanted });
    return (
      findUser(state, (user) => lowercaseEquals(user.email, wanted), candidates) ?? userNotFound()
    );
  },
});

export const findUserIdByNameZip = defineTool({
  name: 'find_user_id_by_name_zip',
  description:
    'Find user id by first name, last name, and zip code. If the user is not found, the function will return an error message. By default, find user id by email, and only call this function if the user is not found by email or cannot remember email.',
  input: z.strictObject({
    first_name: z.string().describe("The first name of the customer, such as 'John'."),
    last_name: z.string().describe("The last name of the customer, such as 'Doe'."),
    zip: z.string().describe("The zip code of the customer, such as '12345'."),
  }),
  effect: 'read',
  run: ({ first_name, last_name, zip }, { state }) => {
    const first = first_name.toLowerCase();
    const last = last_name.toLowerCase();
    // The zip (exact) first: it rules out nearly every user at once.
    const userId = findUser(
      state,
      (user) =>
        user.address.zip === zip &&
        lowercaseEquals(user.name.first_name, first) &&
        lowercaseEquals(user.name.last_name, last),
      indexedUsers(state, { first, last }),
    );
    return userId ?? userNotFound();
  },
});

export const getUserDetails = defineTool({
  name: 'get_user_details',
  description: 'Get the details of a user.',
  input: z.strictObject({ user_id: UserIdArgument }),
  effect: 'read',
  scope: ({ user_id }) => user_id,
  run: ({ user_id }, { state }) => state.get(RETAIL_COLLECTIONS.users, user_id) ?? userNotFound(),
});

export const getOrderDetails = defineTool({
  name: 'get_order_details',
  description: 'Get the status and details of an order.',
  input: z.strictObject({ order_id: OrderIdArgument }),
  effect: 'read',
  scope: ({ order_id }, state) => orderOwner(state, order_id),
  run: ({ order_id }, { state }) =>
    state.get(RETAIL_COLLECTIONS.orders, order_id) ??
    toolError('order_not_found', 'order not found'),
});

export const getProductDetails = defineTool({
  name: 'get_product_details',
  description: 'Get the inventory details of a product.',
  input: z.strictObject({
    product_id: z
      .string()
      .describe(
        "The product id, such as '6086499569'. Be careful the product id is different from the item id.",
      ),
  }),
  effect: 'read',
  run: ({ product_id }, { state }) =>
    state.get(RETAIL_COLLECTIONS.products, product_id) ??
    toolError('product_not_found', 'product not found'),
});

export const listAllProductTypes = defineTool({
  name: 'list_all_product_types',
  description:
    'List the name and product id of all product types. Each product type has a variety of different items with unique item ids and options. There are only 50 product types in the store.',
  input: z.strictObject({}),
  effect: 'read',
  run: (_args, { state }) => {
    // A name seen twice keeps its first position and its last id, as a
    // Python dict comprehension does; then sorted by name.
    const idsByName = new Map<string, string>();
    for (const productId of state.ids(RETAIL_COLLECTIONS.products)) {
      const product = readProduct(state, productId);
      if (product !== undefined) idsByName.set(product.name, product.product_id);
    }
    const result: Record<string, string> = {};
    for (const [name, productId] of [...idsByName].sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    )) {
      result[name] = productId;
    }
    return result;
  },
});
