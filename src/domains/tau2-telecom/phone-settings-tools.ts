import { z } from 'zod';
import { pyText } from './python-text.js';
import type { JsonObject } from '../../core/index.js';
import { formatPythonFloat, pythonStringRepr } from '../taubench/index.js';
import { definePhoneTool, onOff, withStatusBar } from './define-phone-tool.js';
import { canSendMms, disconnectVpn, simulateNetworkSearch } from './phone-model.js';
import { DEFAULT_APN_SETTINGS } from './telecom-records.js';

// The customer's tools on their phone: names, descriptions and answers are
// tau2-bench's (user_tools.py; MIT, Sierra).

const noInput = z.strictObject({});

const asObject = (value: unknown): JsonObject | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as JsonObject)
    : undefined;

export const checkApnSettings = definePhoneTool({
  name: 'check_apn_settings',
  description:
    "Checks the technical APN settings your phone uses to connect to your carrier's mobile data network. Shows current APN name and MMSC URL for picture messaging.",
  input: noInput,
  effect: 'read',
  run: (_args, { device }) => {
    const apn = asObject(device.active_apn_settings) ?? {};
    const name = typeof apn.apn_name === 'string' && apn.apn_name !== '' ? apn.apn_name : 'Not Set';
    const mmsc = typeof apn.mmsc_url === 'string' && apn.mmsc_url !== '' ? apn.mmsc_url : 'Not Set';
    return `Current APN Name: ${name}\nMMSC URL (for picture messages): ${mmsc}\n(These are technical settings, usually best left unchanged.)`;
  },
});

export const setApnSettings = definePhoneTool({
  name: 'set_apn_settings',
  description: 'Sets the APN settings for the phone.',
  input: z.strictObject({
    apn_settings: z
      .strictObject({
        apn_name: z.enum(['internet', 'broken']).optional(),
        reset_at_reboot: z.boolean().optional(),
        mms_apn: z.string().nullable().optional(),
        mmsc_url: z.string().nullable().optional(),
        mms_proxy: z.string().nullable().optional(),
        mms_port: z.number().int().nullable().optional(),
      })
      .describe('The APN settings; fields left out take their defaults.'),
  }),
  effect: 'write',
  run: ({ apn_settings }, phone) => {
    const settings: JsonObject = { ...DEFAULT_APN_SETTINGS };
    for (const [key, value] of Object.entries(apn_settings))
      if (value !== undefined) settings[key] = value;
    phone.device.active_apn_settings = settings;
    simulateNetworkSearch(phone);
    return withStatusBar(`APN settings set to: ${pyText(settings.apn_name)}`, phone);
  },
});

export const resetApnSettings = definePhoneTool({
  name: 'reset_apn_settings',
  description: 'Resets your APN settings to the default settings.',
  input: noInput,
  effect: 'write',
  run: (_args, phone) => {
    const apn = asObject(phone.device.active_apn_settings);
    if (apn !== undefined) apn.reset_at_reboot = true;
    simulateNetworkSearch(phone);
    return withStatusBar('APN settings will reset at reboot.', phone);
  },
});

export const checkWifiStatus = definePhoneTool({
  name: 'check_wifi_status',
  description:
    "Checks your Wi-Fi connection status. Shows if Wi-Fi is turned on, which network you're connected to (if any), and the signal strength.",
  input: noInput,
  effect: 'read',
  run: (_args, { device }) => {
    if (device.wifi_enabled !== true) return 'Wi-Fi is turned OFF.';
    if (device.wifi_connected === true)
      return `Wi-Fi is ON and connected to '${device.wifi_ssid == null ? 'None' : pyText(device.wifi_ssid)}'. Signal strength: ${pyText(device.wifi_signal_strength)}.`;
    return 'Wi-Fi is ON but not connected to any network.';
  },
});

export const toggleWifi = definePhoneTool({
  name: 'toggle_wifi',
  description:
    "Toggles your phone's Wi-Fi radio ON or OFF. Controls whether your phone can discover and connect to wireless networks for internet access.",
  input: noInput,
  effect: 'write',
  run: (_args, phone) => {
    const { device } = phone;
    if (device.airplane_mode === true)
      return withStatusBar('Cannot change Wi-Fi settings while Airplane Mode is ON.', phone);
    const on = device.wifi_enabled !== true;
    device.wifi_enabled = on;
    if (!on) {
      device.wifi_connected = false;
      device.wifi_ssid = null;
      device.wifi_signal_strength = 'none';
    }
    return withStatusBar(`Wi-Fi is now ${onOff(on)}.`, phone);
  },
});

export const checkWifiCallingStatus = definePhoneTool({
  name: 'check_wifi_calling_status',
  description:
    'Checks if Wi-Fi Calling is enabled on your device. This feature allows you to make and receive calls over a Wi-Fi network instead of using the cellular network.',
  input: noInput,
  effect: 'read',
  run: (_args, { device }) =>
    `Wi-Fi Calling is currently turned ${onOff(device.wifi_calling_enabled === true)}.`,
});

export const toggleWifiCalling = definePhoneTool({
  name: 'toggle_wifi_calling',
  description:
    'Toggles Wi-Fi Calling ON or OFF. This feature allows you to make and receive calls over Wi-Fi instead of the cellular network, which can help in areas with weak cellular signal.',
  input: noInput,
  effect: 'write',
  run: (_args, phone) => {
    const on = phone.device.wifi_calling_enabled !== true;
    phone.device.wifi_calling_enabled = on;
    return withStatusBar(`Wi-Fi Calling is now ${onOff(on)}.`, phone);
  },
});

/** The VPN details as Python prints the dict tau2 dumps: an enum shows as `<PerformanceLevel.X: 'x'>`. */
function vpnDetailsRepr(details: JsonObject): string {
  const text = (value: unknown) => (typeof value === 'string' ? pythonStringRepr(value) : 'None');
  const performance = pyText(details.server_performance ?? 'unknown');
  return `{'server_address': ${text(details.server_address)}, 'protocol': ${text(details.protocol)}, 'server_performance': <PerformanceLevel.${performance.toUpperCase()}: ${pythonStringRepr(performance)}>}`;
}

export const checkVpnStatus = definePhoneTool({
  name: 'check_vpn_status',
  description:
    "Checks if you're using a VPN (Virtual Private Network) connection. Shows if a VPN is active, connected, and displays any available connection details.",
  input: noInput,
  effect: 'read',
  run: (_args, { device }) => {
    if (device.vpn_connected === true) {
      const details = asObject(device.vpn_details);
      return details === undefined
        ? 'VPN is ON and connected (no specific details available).'
        : `VPN is ON and connected. Details: ${vpnDetailsRepr(details)}`;
    }
    if (device.vpn_enabled_setting === true)
      return 'VPN is turned ON in settings, but currently not connected.';
    return 'VPN is turned OFF.';
  },
});

/** tau2's default VPN connection. */
export const DEFAULT_VPN_DETAILS: JsonObject = {
  server_address: '192.168.1.1',
  protocol: 'OpenVPN',
  server_performance: 'excellent',
};

export const connectVpn = definePhoneTool({
  name: 'connect_vpn',
  description: 'Connects to your VPN (Virtual Private Network).',
  input: noInput,
  effect: 'write',
  run: (_args, phone) => {
    if (phone.device.vpn_connected === true) return 'VPN already connected.';
    phone.device.vpn_connected = true;
    phone.device.vpn_details = { ...DEFAULT_VPN_DETAILS };
    return withStatusBar('VPN connected successfully.', phone);
  },
});

export const disconnectVpnTool = definePhoneTool({
  name: 'disconnect_vpn',
  description:
    'Disconnects any active VPN (Virtual Private Network) connection. Stops routing your internet traffic through a VPN server, which might affect connection speed or access to content.',
  input: noInput,
  effect: 'write',
  run: (_args, phone) =>
    withStatusBar(
      disconnectVpn(phone.device)
        ? 'VPN disconnected successfully.'
        : 'No active VPN connection to disconnect.',
      phone,
    ),
});

export const canSendMmsTool = definePhoneTool({
  name: 'can_send_mms',
  description: 'Checks if the default messaging app can send MMS messages.',
  input: noInput,
  effect: 'read',
  run: (_args, phone) =>
    canSendMms(phone)
      ? 'Your messaging app can send MMS messages.'
      : 'Your messaging app cannot send MMS messages.',
});

export const checkPaymentRequest = definePhoneTool({
  name: 'check_payment_request',
  description: 'Checks if the agent has sent you a payment request.',
  input: noInput,
  effect: 'read',
  run: (_args, { surroundings }) => {
    const request = asObject(surroundings.payment_request);
    if (request === undefined) return 'No payment request has been made.';
    return `You have a payment request for bill ${pyText(request.bill_id)} of ${formatPythonFloat(Number(request.amount_due))} USD.`;
  },
});

export const makePayment = definePhoneTool({
  name: 'make_payment',
  description: 'Makes a payment for the bill that the agent has sent you.',
  input: noInput,
  effect: 'write',
  run: (_args, { surroundings }) => {
    const request = asObject(surroundings.payment_request);
    if (request === undefined) return 'You do not have a payment request.';
    request.paid = true;
    return `Payment of ${formatPythonFloat(Number(request.amount_due))} USD has been made for bill ${pyText(request.bill_id)}.`;
  },
});
