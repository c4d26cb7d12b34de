import type { ToolDefinition } from '../../environment/index.js';
import {
  findUserIdByEmail,
  findUserIdByNameZip,
  getOrderDetails,
  getProductDetails,
  getUserDetails,
  listAllProductTypes,
} from './lookup-tools.js';
import { modifyUserAddress } from './modify-address-tools.js';
import {
  tau2ExchangeDeliveredOrderItems,
  tau2GetItemDetails,
  tau2ModifyPendingOrderItems,
} from './tau2-item-tools.js';
import {
  tau2CancelPendingOrder,
  tau2ModifyPendingOrderAddress,
  tau2ModifyPendingOrderPayment,
  tau2ReturnDeliveredOrderItems,
} from './tau2-order-tools.js';
import { calculate } from '../taubench/index.js';
import { transferToHumanAgents } from './utility-tools.js';
import { withTau2Wording } from './with-tau2-wording.js';

/** Where tau2's docstring (the description its agents see) differs from v1's. */
const TAU2_DESCRIPTIONS = {
  get_user_details: 'Get the details of a user, including their orders.',
  transfer_to_human_agents:
    "Transfer the user to a human agent, with a summary of the user's issue. Only transfer if - the user explicitly asks for a human agent - given the policy and the available tools, you cannot solve the user's issue.",
} as const;

/**
 * The 15 tools of tau2's retail domain (tau2-bench, MIT, Sierra), in the
 * order its toolkit defines them. Tools whose behaviour tau2 kept are v1's,
 * answering in tau2's wording; the others are tau2's own. tau2 has
 * `get_item_details` and no `think`.
 */
// Tools differ in their input types; the dispatcher validates before calling.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const tau2RetailTools: readonly ToolDefinition<any>[] = [
  withTau2Wording(calculate),
  tau2CancelPendingOrder,
  tau2ExchangeDeliveredOrderItems,
  withTau2Wording(findUserIdByNameZip),
  withTau2Wording(findUserIdByEmail),
  withTau2Wording(getOrderDetails),
  withTau2Wording(getProductDetails),
  tau2GetItemDetails,
  { ...withTau2Wording(getUserDetails), description: TAU2_DESCRIPTIONS.get_user_details },
  listAllProductTypes,
  tau2ModifyPendingOrderAddress,
  tau2ModifyPendingOrderItems,
  tau2ModifyPendingOrderPayment,
  withTau2Wording(modifyUserAddress),
  tau2ReturnDeliveredOrderItems,
  { ...transferToHumanAgents, description: TAU2_DESCRIPTIONS.transfer_to_human_agents },
];
