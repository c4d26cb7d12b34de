import type { ToolDefinition } from '../../environment/index.js';
import { cancelPendingOrder } from './cancel-pending-order.js';
import { exchangeDeliveredOrderItems } from './exchange-delivered-order-items.js';
import {
  findUserIdByEmail,
  findUserIdByNameZip,
  getOrderDetails,
  getProductDetails,
  getUserDetails,
  listAllProductTypes,
} from './lookup-tools.js';
import { modifyPendingOrderAddress, modifyUserAddress } from './modify-address-tools.js';
import { modifyPendingOrderItems } from './modify-pending-order-items.js';
import { modifyPendingOrderPayment } from './modify-pending-order-payment.js';
import { returnDeliveredOrderItems } from './return-delivered-order-items.js';
import { calculate } from '../taubench/index.js';
import { think, transferToHumanAgents } from './utility-tools.js';

/**
 * The 16 tools of tau-bench's retail domain, in its `ALL_TOOLS` order (the
 * order the agent is shown them in).
 */
// Tools differ in their input types; the dispatcher validates before calling.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const retailTools: readonly ToolDefinition<any>[] = [
  calculate,
  cancelPendingOrder,
  exchangeDeliveredOrderItems,
  findUserIdByEmail,
  findUserIdByNameZip,
  getOrderDetails,
  getProductDetails,
  getUserDetails,
  listAllProductTypes,
  modifyPendingOrderAddress,
  modifyPendingOrderItems,
  modifyPendingOrderPayment,
  modifyUserAddress,
  returnDeliveredOrderItems,
  think,
  transferToHumanAgents,
];
