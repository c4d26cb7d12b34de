import type { JsonObject } from '../../core/index.js';
import { pyText } from './python-text.js';
import { DEFAULT_APN_SETTINGS } from './telecom-records.js';

/**
 * The phone and its surroundings as tau2's TelecomUserTools sees them
 * (user_tools.py), with its simulation written as plain functions over a
 * mutable copy: a network search, whether mobile data works, the speed
 * test, MMS, the status bar. The user's tools and the assertions share them.
 */
export interface Phone {
  /** tau2's MockPhoneAttributes, as JSON. */
  readonly device: JsonObject;
  /** tau2's UserSurroundings, as JSON. */
  readonly surroundings: JsonObject;
}

/** `_check_sim_status`: a missing card wins over the card's own status. */
export function simStatus(phone: Phone): string {
  return phone.device.sim_card_missing === true ? 'missing' : pyText(phone.device.sim_card_status);
}

const TECH_FOR_PREFERENCE: Readonly<Record<string, string>> = {
  '4g_only': '4G',
  '3g_only': '3G',
  '2g_only': '2G',
};

function signalFor(phone: Phone, technology: string): string {
  const strengths = phone.surroundings.signal_strength as JsonObject | null | undefined;
  const strength = strengths?.[technology];
  return typeof strength === 'string' ? strength : 'none';
}

function noService(device: JsonObject): void {
  device.network_connection_status = 'no_service';
  device.network_technology_connected = 'none';
  device.network_signal_strength = 'none';
}

/** `simulate_network_search`: what the phone connects to, from its SIM, settings and surroundings. */
export function simulateNetworkSearch(phone: Phone): void {
  const { device } = phone;
  const sim = simStatus(phone);
  if (sim === 'active') {
    device.network_connection_status = 'connected';
    const preference = pyText(device.network_mode_preference);
    let technology = TECH_FOR_PREFERENCE[preference] ?? '4G';
    if (preference === '4g_5g_preferred' && signalFor(phone, '5G') !== 'none') technology = '5G';
    device.network_technology_connected = technology;
    device.network_signal_strength = signalFor(phone, technology);
  } else {
    noService(device);
  }
  if (device.airplane_mode === true) noService(device);
  if ((device.active_apn_settings as JsonObject | null)?.apn_name === 'broken') noService(device);
  if (phone.surroundings.line_active !== true) noService(device);
}

/** `_get_mobile_data_working`. */
export function isMobileDataWorking({ device, surroundings }: Phone): boolean {
  if (device.airplane_mode === true || device.network_signal_strength === 'none') return false;
  if (device.network_connection_status === 'no_service') return false;
  if (
    surroundings.is_abroad === true &&
    (device.roaming_enabled !== true || surroundings.roaming_allowed !== true)
  )
    return false;
  if (device.data_enabled !== true) return false;
  return surroundings.mobile_data_usage_exceeded !== true;
}

const SPEED_RANGE_MBPS: Readonly<Record<string, readonly [number, number]>> = {
  '2G': [0.1, 0.4],
  '3G': [1.0, 5.0],
  '4G': [10.0, 100.0],
  '5G': [50.0, 500.0],
};

const SIGNAL_FACTOR: Readonly<Record<string, number>> = {
  poor: 0.2,
  fair: 0.5,
  good: 0.8,
  excellent: 1.0,
};

export type SpeedTest =
  | { readonly type: 'no-connection' }
  | { readonly type: 'speed'; readonly mbps: number; readonly description: string };

/** `_run_speed_test`: the middle of the technology's range, scaled by signal, VPN and data saver. */
export function runSpeedTest(phone: Phone): SpeedTest {
  if (!isMobileDataWorking(phone)) return { type: 'no-connection' };
  const { device } = phone;
  const vpn = device.vpn_details as JsonObject | null | undefined;
  let factor =
    device.vpn_connected === true && vpn != null && vpn.server_performance === 'poor' ? 0.1 : 1.0;
  if (device.data_saver_mode === true) factor *= 0.2;
  const [min, max] = SPEED_RANGE_MBPS[pyText(device.network_technology_connected)] ?? [0, 0];
  const signal = SIGNAL_FACTOR[pyText(device.network_signal_strength)] ?? 0;
  const mbps = roundHalfEven2(((min + max) / 2.0) * signal * factor);
  return { type: 'speed', mbps, description: speedDescription(mbps) };
}

function speedDescription(mbps: number): string {
  if (mbps < 1) return 'Very Poor';
  if (mbps < 5) return 'Poor';
  if (mbps < 25) return 'Fair';
  if (mbps < 100) return 'Good';
  return 'Excellent';
}

/**
 * Python's `round(x, 2)`: the float nearest to the decimal that x rounds
 * to, ties (in x's exact binary value) to even. The exact decimal digits of
 * a double come from toPrecision with enough places.
 */
function roundHalfEven2(x: number): number {
  const fixed = x.toFixed(2);
  const exact = Math.abs(x).toPrecision(100).replace(/0+$/, '');
  const [, fraction = ''] = exact.split('.');
  // Only an exact tie (third decimal 5, nothing after) can round another way than toFixed.
  if (fraction.length === 3 && fraction.endsWith('5')) {
    const down = Math.trunc(Math.abs(x) * 100);
    const even = down % 2 === 0 ? down : down + 1;
    return (Math.sign(x) * even) / 100;
  }
  return Number(fixed);
}

/** `_can_send_mms`. */
export function canSendMms(phone: Phone): boolean {
  const { device } = phone;
  if (!isMobileDataWorking(phone)) return false;
  if (device.network_technology_connected === '2G') return false;
  if (device.wifi_calling_enabled === true && device.wifi_calling_mms_over_wifi === true)
    return false;
  const apn = device.active_apn_settings as JsonObject | null | undefined;
  if (apn == null || apn.mmsc_url == null) return false;
  const apps = device.app_statuses as JsonObject | null | undefined;
  const messaging = apps?.messaging as JsonObject | null | undefined;
  if (messaging == null) return false;
  const permissions = (messaging.permissions ?? {}) as JsonObject;
  return permissions.storage === true && permissions.sms === true;
}

const SIGNAL_ICON: Readonly<Record<string, string>> = {
  none: '📵 No Signal',
  poor: '📶¹ Poor',
  fair: '📶² Fair',
  good: '📶³ Good',
  excellent: '📶⁴ Excellent',
};

/** `_check_status_bar`: the icons, joined with ` | `. */
export function statusBar({ device }: Phone): string {
  const indicators: string[] = [];
  if (device.airplane_mode === true) {
    indicators.push('✈️ Airplane Mode');
  } else {
    indicators.push(SIGNAL_ICON[pyText(device.network_signal_strength)] ?? '📵 No Signal');
    const technology = device.network_technology_connected;
    if (technology !== 'none') indicators.push(pyText(technology));
    if (device.data_enabled === true && technology !== 'none') {
      indicators.push('📱 Data Enabled');
      if (device.data_saver_mode === true) indicators.push('🔽 Data Saver');
    } else {
      indicators.push('📵 Data Disabled');
    }
  }
  if (device.wifi_enabled === true && device.wifi_connected === true) {
    const ssid = device.wifi_ssid;
    indicators.push(
      typeof ssid === 'string' && ssid !== '' ? `📡 Connected to ${ssid}` : '📡 Enabled',
    );
  }
  if (device.vpn_connected === true) indicators.push('🔒 VPN Connected');
  indicators.push(`🔋 ${pyText(device.battery_level)}%`);
  return indicators.join(' | ');
}

/** `_toggle_airplane_mode`: the new state; turning it on drops Wi-Fi and the VPN. */
export function toggleAirplaneMode(phone: Phone): boolean {
  const { device } = phone;
  const wasOn = device.airplane_mode === true;
  device.airplane_mode = !wasOn;
  if (wasOn) {
    device.network_connection_status = 'searching';
    if (device.wifi_enabled === true) dropWifi(device);
  } else {
    dropWifi(device);
    if (device.vpn_connected === true) disconnectVpn(device);
  }
  simulateNetworkSearch(phone);
  return device.airplane_mode;
}

function dropWifi(device: JsonObject): void {
  device.wifi_connected = false;
  device.wifi_ssid = null;
  device.wifi_signal_strength = 'none';
}

/** `_disconnect_vpn`: false when there was no connection. */
export function disconnectVpn(device: JsonObject): boolean {
  if (device.vpn_connected !== true) return false;
  device.vpn_connected = false;
  device.vpn_details = null;
  return true;
}

/** The APN settings a reset gives (tau2's APNSettings()). */
export function defaultApnSettings(): JsonObject {
  return { ...DEFAULT_APN_SETTINGS };
}
