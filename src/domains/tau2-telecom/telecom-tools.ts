import type { ToolDefinition } from '../../environment/index.js';
import { getBillsForCustomer, sendPaymentRequest, transferToHumanAgents } from './billing-tools.js';
import { setDataUsage, suspendLineForOverdueBill } from './carrier-setup-tools.js';
import {
  getCustomerById,
  getCustomerByName,
  getCustomerByPhone,
  getDetailsById,
} from './customer-tools.js';
import {
  disableRoaming,
  enableRoaming,
  getDataUsage,
  refuelData,
  resumeLine,
  suspendLine,
} from './line-tools.js';
import {
  checkAppPermissions,
  checkAppStatus,
  checkInstalledApps,
  grantAppPermission,
} from './phone-app-tools.js';
import {
  checkDataRestrictionStatus,
  checkNetworkModePreference,
  checkNetworkStatus,
  checkSimStatus,
  checkStatusBar,
  rebootDevice,
  reseatSimCard,
  runSpeedTestTool,
  setNetworkModePreference,
  toggleAirplaneModeTool,
  toggleData,
  toggleDataSaverMode,
  toggleRoaming,
} from './phone-network-tools.js';
import {
  canSendMmsTool,
  checkApnSettings,
  checkPaymentRequest,
  checkVpnStatus,
  checkWifiCallingStatus,
  checkWifiStatus,
  connectVpn,
  disconnectVpnTool,
  makePayment,
  resetApnSettings,
  setApnSettings,
  toggleWifi,
  toggleWifiCalling,
} from './phone-settings-tools.js';
import {
  breakApnMmsSetting,
  breakApnSettings,
  breakVpn,
  lockSimCard,
  removeAppPermission,
  setUserInfo,
  setUserLocation,
  setWifiCalling,
  simulateNetworkSearchSetup,
  turnAirplaneModeOff,
  turnAirplaneModeOn,
  turnDataOff,
  turnDataOn,
  turnDataSaverModeOff,
  turnDataSaverModeOn,
  turnRoamingOff,
  turnRoamingOn,
  unseatSimCard,
} from './phone-setup-tools.js';

/** The agent's 13 tools, in the order tau2's TelecomTools defines them. */
// Tools differ in their input types; the dispatcher validates before calling.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const telecomAgentTools: readonly ToolDefinition<any>[] = [
  getCustomerByPhone,
  getCustomerById,
  getCustomerByName,
  getDetailsById,
  suspendLine,
  resumeLine,
  getBillsForCustomer,
  sendPaymentRequest,
  getDataUsage,
  enableRoaming,
  disableRoaming,
  transferToHumanAgents,
  refuelData,
];

/** What a task's `init` may call on the carrier's side besides the agent's tools. */
// Tools differ in their input types; the dispatcher validates before calling.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const telecomAgentSetup: readonly ToolDefinition<any>[] = [
  setDataUsage,
  suspendLineForOverdueBill,
];

/** The customer's 30 tools on their phone, in tau2's TelecomUserTools order. */
// Tools differ in their input types; the dispatcher validates before calling.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const telecomUserTools: readonly ToolDefinition<any>[] = [
  checkStatusBar,
  checkNetworkStatus,
  checkNetworkModePreference,
  setNetworkModePreference,
  runSpeedTestTool,
  toggleAirplaneModeTool,
  checkSimStatus,
  reseatSimCard,
  toggleData,
  toggleRoaming,
  checkDataRestrictionStatus,
  toggleDataSaverMode,
  checkApnSettings,
  setApnSettings,
  resetApnSettings,
  checkWifiStatus,
  toggleWifi,
  checkWifiCallingStatus,
  toggleWifiCalling,
  checkVpnStatus,
  connectVpn,
  disconnectVpnTool,
  checkInstalledApps,
  checkAppStatus,
  checkAppPermissions,
  grantAppPermission,
  canSendMmsTool,
  rebootDevice,
  checkPaymentRequest,
  makePayment,
];

/** What a task's `init` may call on the phone besides the user's tools. */
// Tools differ in their input types; the dispatcher validates before calling.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const telecomUserSetup: readonly ToolDefinition<any>[] = [
  setUserInfo,
  setUserLocation,
  turnAirplaneModeOn,
  turnAirplaneModeOff,
  unseatSimCard,
  lockSimCard,
  turnDataOn,
  turnDataOff,
  turnRoamingOn,
  turnRoamingOff,
  turnDataSaverModeOn,
  turnDataSaverModeOff,
  breakApnSettings,
  breakApnMmsSetting,
  setWifiCalling,
  breakVpn,
  removeAppPermission,
  simulateNetworkSearchSetup,
];
