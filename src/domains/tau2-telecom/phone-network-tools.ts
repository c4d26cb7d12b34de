import { z } from 'zod';
import { pyText } from './python-text.js';
import {
  defaultApnSettings,
  runSpeedTest,
  simStatus,
  simulateNetworkSearch,
  statusBar,
  toggleAirplaneMode,
} from './phone-model.js';
import { definePhoneTool, onOff, withStatusBar } from './define-phone-tool.js';

// The customer's tools on their phone: names, descriptions and answers are
// tau2-bench's (user_tools.py; MIT, Sierra).

const noInput = z.strictObject({});

export const checkStatusBar = definePhoneTool({
  name: 'check_status_bar',
  description:
    "Shows what icons are currently visible in your phone's status bar (the area at the top of the screen). Displays network signal strength, mobile data status (enabled, disabled, data saver), Wi-Fi status, and battery level.",
  input: noInput,
  effect: 'read',
  run: (_args, phone) => `Status Bar: ${statusBar(phone)}`,
});

export const checkNetworkStatus = definePhoneTool({
  name: 'check_network_status',
  description:
    "Checks your phone's connection status to cellular networks and Wi-Fi. Shows airplane mode status, signal strength, network type, whether mobile data is enabled, and whether data roaming is enabled.",
  input: noInput,
  effect: 'read',
  run: (_args, phone) => {
    const { device } = phone;
    const yesNo = (on: boolean) => (on ? 'Yes' : 'No');
    const lines = [
      `Airplane Mode: ${onOff(device.airplane_mode === true)}`,
      `SIM Card Status: ${simStatus(phone)}`,
      `Cellular Connection: ${pyText(device.network_connection_status)}`,
      `Cellular Signal: ${pyText(device.network_signal_strength)}`,
      `Cellular Network Type: ${pyText(device.network_technology_connected)}`,
      `Mobile Data Enabled: ${yesNo(device.data_enabled === true)}`,
      `Data Roaming Enabled: ${yesNo(device.roaming_enabled === true)}`,
      `Wi-Fi Radio: ${onOff(device.wifi_enabled === true)}`,
      `Wi-Fi Connected: ${yesNo(device.wifi_connected === true)}`,
    ];
    if (device.wifi_connected === true)
      lines.push(
        `Connected Wi-Fi Network: ${device.wifi_ssid == null ? 'None' : pyText(device.wifi_ssid)}`,
      );
    return lines.join('\n');
  },
});

export const checkNetworkModePreference = definePhoneTool({
  name: 'check_network_mode_preference',
  description: 'Shows the current network mode preference.',
  input: noInput,
  effect: 'read',
  run: (_args, { device }) => `Network Mode Preference: ${pyText(device.network_mode_preference)}`,
});

const NETWORK_MODES = ['4g_5g_preferred', '4g_only', '3g_only', '2g_only'];

export const setNetworkModePreference = definePhoneTool({
  name: 'set_network_mode_preference',
  description:
    'Changes the type of cellular network your phone prefers to connect to (e.g., 5G, LTE/4G, 3G). Higher-speed networks (LTE/5G) provide faster data but may use more battery.',
  input: z.strictObject({
    mode: z.string().describe(`The network mode preference: one of ${NETWORK_MODES.join(', ')}.`),
  }),
  effect: 'write',
  run: ({ mode }, phone) => {
    if (!NETWORK_MODES.includes(mode))
      return withStatusBar(
        `Failed to set network mode: '${mode}' is not a valid option. Please use one of: ${NETWORK_MODES.join(', ')}`,
        phone,
      );
    phone.device.network_mode_preference = mode;
    simulateNetworkSearch(phone);
    return withStatusBar(`Preferred Network Mode set to: ${mode}`, phone);
  },
});

const SPEED_ADVICE: Readonly<Record<string, string>> = {
  'Very Poor': 'Connection is very slow. Basic web browsing might be difficult.',
  Poor: 'Connection is slow. Web browsing may be sluggish, streaming difficult.',
  Fair: 'Connection is okay for web browsing and some standard definition streaming.',
  Good: 'Connection is good for most activities, including HD streaming.',
  Excellent: 'Connection is very fast.',
};

export const runSpeedTestTool = definePhoneTool({
  name: 'run_speed_test',
  description:
    'Measures your current internet connection speed (download speed). Provides information about connection quality and what activities it can support.',
  input: noInput,
  effect: 'read',
  run: (_args, phone) => {
    const test = runSpeedTest(phone);
    if (test.type === 'no-connection') return 'Speed test failed: No Connection.';
    const advice = SPEED_ADVICE[test.description] ?? '';
    return `Speed Test Result: ${test.mbps.toFixed(2)} Mbps (${test.description}). ${advice}`;
  },
});

export const toggleAirplaneModeTool = definePhoneTool({
  name: 'toggle_airplane_mode',
  description:
    'Toggles Airplane Mode ON or OFF. When ON, it disconnects all wireless communications including cellular, Wi-Fi, and Bluetooth.',
  input: noInput,
  effect: 'write',
  run: (_args, phone) =>
    withStatusBar(`Airplane Mode is now ${onOff(toggleAirplaneMode(phone))}.`, phone),
});

const SIM_MESSAGES: Readonly<Record<string, string>> = {
  active: 'Your SIM card is active and working.',
  missing: 'No SIM card detected in the phone.',
  locked_pin: 'The SIM card is locked with a PIN code.',
  locked_puk: 'The SIM card is locked with a PUK code.',
};

export const checkSimStatus = definePhoneTool({
  name: 'check_sim_status',
  description:
    'Checks if your SIM card is working correctly and displays its current status. Shows if the SIM is active, missing, or locked with a PIN or PUK code.',
  input: noInput,
  effect: 'read',
  run: (_args, phone) => {
    const status = simStatus(phone);
    return SIM_MESSAGES[status] ?? `Unknown SIM status: ${status}`;
  },
});

export const reseatSimCard = definePhoneTool({
  name: 'reseat_sim_card',
  description:
    'Simulates removing and reinserting your SIM card. This can help resolve recognition issues.',
  input: noInput,
  effect: 'write',
  run: (_args, phone) => {
    phone.device.sim_card_missing = false;
    simulateNetworkSearch(phone);
    return withStatusBar('SIM card re-seated successfully.', phone);
  },
});

export const toggleData = definePhoneTool({
  name: 'toggle_data',
  description:
    "Toggles your phone's mobile data connection ON or OFF. Controls whether your phone can use cellular data for internet access when Wi-Fi is unavailable.",
  input: noInput,
  effect: 'write',
  run: (_args, phone) => {
    const on = phone.device.data_enabled !== true;
    phone.device.data_enabled = on;
    simulateNetworkSearch(phone);
    return withStatusBar(`Mobile Data is now ${onOff(on)}.`, phone);
  },
});

export const toggleRoaming = definePhoneTool({
  name: 'toggle_roaming',
  description:
    "Toggles Data Roaming ON or OFF. When ON, your phone can use data networks in areas outside your carrier's coverage.",
  input: noInput,
  effect: 'write',
  run: (_args, phone) => {
    const on = phone.device.roaming_enabled !== true;
    phone.device.roaming_enabled = on;
    simulateNetworkSearch(phone);
    return withStatusBar(`Data Roaming is now ${onOff(on)}.`, phone);
  },
});

export const checkDataRestrictionStatus = definePhoneTool({
  name: 'check_data_restriction_status',
  description:
    'Checks if your phone has any data-limiting features active. Shows if Data Saver mode is on.',
  input: noInput,
  effect: 'read',
  run: (_args, { device }) =>
    device.data_saver_mode === true
      ? 'Data Saver mode is ON (limits data usage).'
      : 'Data Saver mode is OFF.',
});

export const toggleDataSaverMode = definePhoneTool({
  name: 'toggle_data_saver_mode',
  description:
    'Toggles Data Saver mode ON or OFF. When ON, it reduces data usage, which may affect data speed.',
  input: noInput,
  effect: 'write',
  run: (_args, phone) => {
    const on = phone.device.data_saver_mode !== true;
    phone.device.data_saver_mode = on;
    return withStatusBar(`Data Saver Mode is now ${onOff(on)}.`, phone);
  },
});

export const rebootDevice = definePhoneTool({
  name: 'reboot_device',
  description:
    'Restarts your phone completely. This can help resolve many temporary software glitches by refreshing all running services and connections.',
  input: noInput,
  effect: 'write',
  run: (_args, phone) => {
    const lines: string[] = [];
    const apn = phone.device.active_apn_settings;
    if (
      typeof apn === 'object' &&
      apn !== null &&
      !Array.isArray(apn) &&
      apn.reset_at_reboot === true
    ) {
      lines.push('Resetting APN settings...');
      phone.device.active_apn_settings = defaultApnSettings();
    }
    lines.push('Restarting network services...');
    phone.device.network_connection_status = 'searching';
    simulateNetworkSearch(phone);
    return withStatusBar(lines.join('\n'), phone);
  },
});
