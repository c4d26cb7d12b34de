import { describe, expect, it } from 'vitest';
import { answer, telecomHarness } from './telecom-test-harness.js';

describe('APN settings', () => {
  it('shows the APN name and the MMSC URL, "Not Set" when it is missing', async () => {
    const tools = await telecomHarness([{ side: 'user', tool: 'break_apn_mms_setting', args: {} }]);
    expect(answer(await tools.user('check_apn_settings'))).toBe(
      'Current APN Name: internet\nMMSC URL (for picture messages): Not Set\n(These are technical settings, usually best left unchanged.)',
    );
  });

  it('loses service on a broken APN set by hand', async () => {
    const tools = await telecomHarness();
    expect(
      answer(await tools.user('set_apn_settings', { apn_settings: { apn_name: 'broken' } })),
    ).toBe(
      'APN settings set to: broken\nStatus Bar: 📵 No Signal | 📵 Data Disabled | 📡 Connected to HomeNet | 🔋 64%',
    );
    expect(tools.phone().active_apn_settings).toMatchObject({ apn_name: 'broken', mms_apn: 'mms' });
  });
});

describe('Wi-Fi and Wi-Fi calling', () => {
  it('reports the network, then the radio off', async () => {
    const tools = await telecomHarness();
    expect(answer(await tools.user('check_wifi_status'))).toBe(
      "Wi-Fi is ON and connected to 'HomeNet'. Signal strength: good.",
    );
    await tools.user('toggle_wifi');
    expect(answer(await tools.user('check_wifi_status'))).toBe('Wi-Fi is turned OFF.');
    expect(tools.phone()).toMatchObject({ wifi_connected: false, wifi_ssid: null });
  });

  it('cannot change Wi-Fi in airplane mode', async () => {
    const tools = await telecomHarness([{ side: 'user', tool: 'turn_airplane_mode_on', args: {} }]);
    expect(answer(await tools.user('toggle_wifi'))).toBe(
      'Cannot change Wi-Fi settings while Airplane Mode is ON.\nStatus Bar: ✈️ Airplane Mode | 🔋 64%',
    );
  });

  it('toggles Wi-Fi calling', async () => {
    const tools = await telecomHarness();
    expect(answer(await tools.user('check_wifi_calling_status'))).toBe(
      'Wi-Fi Calling is currently turned OFF.',
    );
    await tools.user('toggle_wifi_calling');
    expect(answer(await tools.user('check_wifi_calling_status'))).toBe(
      'Wi-Fi Calling is currently turned ON.',
    );
  });
});

describe('VPN', () => {
  it("connects to tau2's default server, shown as Python prints its details, and disconnects", async () => {
    const tools = await telecomHarness();
    expect(answer(await tools.user('check_vpn_status'))).toBe('VPN is turned OFF.');
    await tools.user('connect_vpn');
    expect(answer(await tools.user('connect_vpn'))).toBe('VPN already connected.');
    expect(answer(await tools.user('check_vpn_status'))).toBe(
      "VPN is ON and connected. Details: {'server_address': '192.168.1.1', 'protocol': 'OpenVPN', 'server_performance': <PerformanceLevel.EXCELLENT: 'excellent'>}",
    );
    expect(answer(await tools.user('disconnect_vpn'))).toMatch(
      /^VPN disconnected successfully\.\n/,
    );
    expect(answer(await tools.user('disconnect_vpn'))).toMatch(
      /^No active VPN connection to disconnect\.\n/,
    );
  });

  it('slows data to a tenth on a poorly performing server', async () => {
    const tools = await telecomHarness([{ side: 'user', tool: 'break_vpn', args: {} }]);
    // 220 * 0.1 = 22.
    expect(answer(await tools.user('run_speed_test'))).toBe(
      'Speed Test Result: 22.00 Mbps (Fair). Connection is okay for web browsing and some standard definition streaming.',
    );
  });
});

describe('payment requests', () => {
  it('has nothing to pay until the agent asks', async () => {
    const tools = await telecomHarness();
    expect(answer(await tools.user('check_payment_request'))).toBe(
      'No payment request has been made.',
    );
    expect(answer(await tools.user('make_payment'))).toBe('You do not have a payment request.');
  });
});
