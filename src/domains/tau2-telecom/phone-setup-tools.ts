import { z } from 'zod';
import type { JsonObject } from '../../core/index.js';
import { definePhoneTool, onOff } from './define-phone-tool.js';
import { appOf, permissionsOf } from './phone-app-tools.js';
import type { Phone } from './phone-model.js';
import { simulateNetworkSearch, toggleAirplaneMode } from './phone-model.js';
import { DEFAULT_VPN_DETAILS } from './phone-settings-tools.js';
import { raise } from './telecom-error.js';

// The functions of tau2's TelecomUserTools that are not the user's tools:
// a task's initialization_actions call them to set the phone up (break it).
// Only a task's `init` may call them. Answers are tau2's (MIT, Sierra).

const noInput = z.strictObject({});

export const setUserInfo = definePhoneTool({
  name: 'set_user_info',
  description: "Sets the user's name and phone number.",
  input: z.strictObject({ name: z.string(), phone_number: z.string() }),
  effect: 'write',
  run: ({ name, phone_number }, { surroundings }) => {
    surroundings.name = name;
    surroundings.phone_number = phone_number;
    return null;
  },
});

export const setUserLocation = definePhoneTool({
  name: 'set_user_location',
  description: "Sets the user's location to abroad or not.",
  input: z.strictObject({ abroad: z.boolean() }),
  effect: 'write',
  run: ({ abroad }, { surroundings }) => {
    surroundings.is_abroad = abroad;
    return null;
  },
});

/** A switch toggled (and toggled back if it landed wrong), as tau2's turn_*_on/off do. */
function turn(name: string, toggle: (phone: Phone) => boolean, on: boolean, message: string) {
  return definePhoneTool({
    name,
    description: message,
    input: noInput,
    effect: 'write',
    run: (_args, phone) => {
      if (toggle(phone) !== on) toggle(phone);
      return message;
    },
  });
}

function flip(field: string, search: boolean) {
  return (phone: Phone): boolean => {
    const on = phone.device[field] !== true;
    phone.device[field] = on;
    if (search) simulateNetworkSearch(phone);
    return on;
  };
}

export const turnAirplaneModeOn = turn(
  'turn_airplane_mode_on',
  toggleAirplaneMode,
  true,
  'Airplane Mode is now ON.',
);
export const turnAirplaneModeOff = turn(
  'turn_airplane_mode_off',
  toggleAirplaneMode,
  false,
  'Airplane Mode is now OFF.',
);
export const turnDataOff = turn(
  'turn_data_off',
  flip('data_enabled', true),
  false,
  'Data connection broken.',
);
export const turnRoamingOn = turn(
  'turn_roaming_on',
  flip('roaming_enabled', true),
  true,
  'Data Roaming is now ON.',
);
export const turnRoamingOff = turn(
  'turn_roaming_off',
  flip('roaming_enabled', true),
  false,
  'Data Roaming is now OFF.',
);
export const turnDataSaverModeOn = turn(
  'turn_data_saver_mode_on',
  flip('data_saver_mode', false),
  true,
  'Data Saver Mode is now ON.',
);
export const turnDataSaverModeOff = turn(
  'turn_data_saver_mode_off',
  flip('data_saver_mode', false),
  false,
  'Data Saver Mode is now OFF.',
);

export const turnDataOn = definePhoneTool({
  name: 'turn_data_on',
  description: 'Turns Data ON.',
  input: noInput,
  effect: 'write',
  // tau2 sets the switch without a network search.
  run: (_args, { device }) => {
    device.data_enabled = true;
    return 'Data connection restored.';
  },
});

export const unseatSimCard = definePhoneTool({
  name: 'unseat_sim_card',
  description: 'Un-seats the SIM card by removing it.',
  input: noInput,
  effect: 'write',
  run: (_args, phone) => {
    phone.device.sim_card_missing = true;
    simulateNetworkSearch(phone);
    return 'SIM card un-seated successfully.';
  },
});

export const lockSimCard = definePhoneTool({
  name: 'lock_sim_card',
  description: 'Locks the SIM card with a PIN or a PUK.',
  input: z.strictObject({ mode: z.enum(['pin', 'puk']) }),
  effect: 'write',
  run: ({ mode }, phone) => {
    phone.device.sim_card_status = mode === 'pin' ? 'locked_pin' : 'locked_puk';
    simulateNetworkSearch(phone);
    return `SIM card locked successfully in ${mode} mode.`;
  },
});

const apnOf = (phone: Phone): JsonObject =>
  (phone.device.active_apn_settings as JsonObject | null) ?? raise('the phone has no APN settings');

export const breakApnSettings = definePhoneTool({
  name: 'break_apn_settings',
  description: 'Breaks the APN settings.',
  input: noInput,
  effect: 'write',
  run: (_args, phone) => {
    apnOf(phone).apn_name = 'broken';
    simulateNetworkSearch(phone);
    return 'APN settings broken. Please call reset_apn_settings() to fix.';
  },
});

export const breakApnMmsSetting = definePhoneTool({
  name: 'break_apn_mms_setting',
  description: 'Breaks the APN MMS setting.',
  input: noInput,
  effect: 'write',
  run: (_args, phone) => {
    apnOf(phone).mmsc_url = null;
    return 'APN MMS setting broken. Please call reset_apn_settings() to fix.';
  },
});

export const setWifiCalling = definePhoneTool({
  name: 'set_wifi_calling',
  description: 'Sets Wi-Fi Calling, and MMS over Wi-Fi when given.',
  input: z.strictObject({ enabled: z.boolean(), mms_over_wifi: z.boolean().nullable().optional() }),
  effect: 'write',
  run: ({ enabled, mms_over_wifi }, { device }) => {
    device.wifi_calling_enabled = enabled;
    let message = `Wi-Fi Calling is now ${onOff(enabled)}.`;
    if (mms_over_wifi != null) {
      device.wifi_calling_mms_over_wifi = mms_over_wifi;
      message += `\nMMS over Wi-Fi is now ${onOff(mms_over_wifi)}.`;
    }
    return message;
  },
});

export const breakVpn = definePhoneTool({
  name: 'break_vpn',
  description: 'Connects the VPN to a poorly performing server: mobile data gets slow.',
  input: noInput,
  effect: 'write',
  run: (_args, { device }) => {
    if (device.vpn_connected !== true) {
      device.vpn_connected = true;
      device.vpn_details = { ...DEFAULT_VPN_DETAILS };
    }
    const details =
      (device.vpn_details as JsonObject | null) ??
      raise("'NoneType' object has no attribute 'server_performance'");
    details.server_performance = 'poor';
    return 'VPN connection broken.';
  },
});

export const removeAppPermission = definePhoneTool({
  name: 'remove_app_permission',
  description: 'Removes a permission from an app.',
  input: z.strictObject({ app_name: z.string(), permission: z.string() }),
  effect: 'write',
  // tau2 answers a (success, message) tuple, which its tool message shows as a JSON list.
  run: ({ app_name, permission }, { device }) => {
    const app = appOf(device, app_name);
    const wanted = permission.toLowerCase();
    if (app === undefined) return [false, `App '${app_name}' not found. Cannot remove permission.`];
    const permissions = permissionsOf(app);
    if (!Object.hasOwn(permissions, wanted))
      return [false, `Permission '${wanted}' not tracked for app '${app_name}'.`];
    permissions[wanted] = false;
    return [true, `Permission '${wanted}' removed from app '${app_name}'.`];
  },
});

export const simulateNetworkSearchSetup = definePhoneTool({
  name: 'simulate_network_search',
  description:
    'Runs a network search: the phone connects as its SIM, settings and surroundings allow.',
  input: noInput,
  effect: 'write',
  run: (_args, phone) => {
    simulateNetworkSearch(phone);
    return null;
  },
});
