import { z } from 'zod';

// Argument names and descriptions are tau-bench's (MIT, Sierra), so an agent
// sees the tools as it would there. Every argument is required and unknown
// ones are refused (z.strictObject at each tool), as Python's signature does.

export const OrderIdArgument = z
  .string()
  .describe(
    "The order id, such as '#W0000000'. Be careful there is a '#' symbol at the beginning of the order id.",
  );

export const UserIdArgument = z.string().describe("The user id, such as 'sara_doe_496'.");

export const PaymentMethodIdArgument = z
  .string()
  .describe(
    "The payment method id to pay or receive refund for the item price difference, such as 'gift_card_0000000' or 'credit_card_0000000'. These can be looked up from the user or order details.",
  );

/** The item ids of an order's lines, for one of the item tools. */
export function itemIdsArgument(verb: 'modified' | 'exchanged' | 'returned') {
  return z
    .array(z.string())
    .describe(
      `The item ids to be ${verb}, each such as '1008292230'. There could be duplicate items in the list.`,
    );
}

export function newItemIdsArgument(verb: 'modified' | 'exchanged') {
  return z
    .array(z.string())
    .describe(
      `The item ids to be ${verb} for, each such as '1008292230'. There could be duplicate items in the list. Each new item id should match the item id in the same position and be of the same product.`,
    );
}

/** The six address fields, in the order the tools store them. */
export function addressArguments(stateDescription: string) {
  return {
    address1: z.string().describe("The first line of the address, such as '123 Main St'."),
    address2: z.string().describe("The second line of the address, such as 'Apt 1' or ''."),
    city: z.string().describe("The city, such as 'San Francisco'."),
    state: z.string().describe(stateDescription),
    country: z.string().describe("The country, such as 'USA'."),
    zip: z.string().describe("The zip code, such as '12345'."),
  };
}
