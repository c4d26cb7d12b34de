import { describe, expect, it } from 'vitest';
import { answer, telecomHarness } from './telecom-test-harness.js';

// The mini phone: 5G with a good signal, mobile data on, Wi-Fi on "HomeNet",
// battery 64%; the surroundings are tau2's defaults (5G excellent, 4G good,
// 3G fair, 2G poor).
const BAR = '📶³ Good | 5G | 📱 Data Enabled | 📡 Connected to HomeNet | 🔋 64%';

describe('check_status_bar', () => {
  it('shows signal, technology, data, Wi-Fi and battery', async () => {
    const tools = await telecomHarness();
    expect(answer(await tools.user('check_status_bar'))).toBe(`Status Bar: ${BAR}`);
  });
});

describe('toggle_airplane_mode', () => {
  it('drops Wi-Fi when turned on, and searches the network when turned off', async () => {
    const tools = await telecomHarness();
    expect(answer(await tools.user('toggle_airplane_mode'))).toBe(
      'Airplane Mode is now ON.\nStatus Bar: ✈️ Airplane Mode | 🔋 64%',
    );
    expect(tools.phone()).toMatchObject({
      wifi_connected: false,
      wifi_ssid: null,
      network_connection_status: 'no_service',
    });
    // The search finds 5G with the surroundings' excellent signal; Wi-Fi stays disconnected.
    expect(answer(await tools.user('toggle_airplane_mode'))).toBe(
      'Airplane Mode is now OFF.\nStatus Bar: 📶⁴ Excellent | 5G | 📱 Data Enabled | 🔋 64%',
    );
  });
});

describe('set_network_mode_preference', () => {
  it('connects to the technology the preference allows, at its signal', async () => {
    const tools = await telecomHarness();
    expect(answer(await tools.user('set_network_mode_preference', { mode: '3g_only' }))).toBe(
      'Preferred Network Mode set to: 3g_only\nStatus Bar: 📶² Fair | 3G | 📱 Data Enabled | 📡 Connected to HomeNet | 🔋 64%',
    );
    expect(answer(await tools.user('check_network_mode_preference'))).toBe(
      'Network Mode Preference: 3g_only',
    );
  });

  it('answers an unknown mode with the valid ones and changes nothing', async () => {
    const tools = await telecomHarness();
    expect(answer(await tools.user('set_network_mode_preference', { mode: '5g_only' }))).toBe(
      `Failed to set network mode: '5g_only' is not a valid option. Please use one of: 4g_5g_preferred, 4g_only, 3g_only, 2g_only\nStatus Bar: ${BAR}`,
    );
    expect(tools.state.diff()).toEqual({});
  });
});

describe('run_speed_test', () => {
  it("gives the middle of the technology's range times the signal factor", async () => {
    const tools = await telecomHarness();
    // 5G: (50 + 500) / 2 = 275, good signal 0.8: 220.
    expect(answer(await tools.user('run_speed_test'))).toBe(
      'Speed Test Result: 220.00 Mbps (Excellent). Connection is very fast.',
    );
    await tools.user('set_network_mode_preference', { mode: '3g_only' });
    // 3G: (1 + 5) / 2 = 3, fair 0.5: 1.5.
    expect(answer(await tools.user('run_speed_test'))).toBe(
      'Speed Test Result: 1.50 Mbps (Poor). Connection is slow. Web browsing may be sluggish, streaming difficult.',
    );
  });

  it('is cut to a fifth by data saver and fails without mobile data', async () => {
    const tools = await telecomHarness();
    await tools.user('toggle_data_saver_mode');
    // 220 * 0.2 = 44.
    expect(answer(await tools.user('run_speed_test'))).toBe(
      'Speed Test Result: 44.00 Mbps (Good). Connection is good for most activities, including HD streaming.',
    );
    expect(answer(await tools.user('toggle_data'))).toBe(
      'Mobile Data is now OFF.\nStatus Bar: 📶⁴ Excellent | 5G | 📵 Data Disabled | 📡 Connected to HomeNet | 🔋 64%',
    );
    expect(answer(await tools.user('run_speed_test'))).toBe('Speed test failed: No Connection.');
  });
});

describe('SIM, roaming, data saver and reboot', () => {
  it('reports a PIN-locked SIM, which a reseat does not fix', async () => {
    const tools = await telecomHarness([
      { side: 'user', tool: 'lock_sim_card', args: { mode: 'pin' } },
    ]);
    expect(answer(await tools.user('check_sim_status'))).toBe(
      'The SIM card is locked with a PIN code.',
    );
    await tools.user('reseat_sim_card');
    expect(tools.phone().network_connection_status).toBe('no_service');
  });

  it('brings a removed SIM back with a reseat', async () => {
    const tools = await telecomHarness([{ side: 'user', tool: 'unseat_sim_card', args: {} }]);
    expect(answer(await tools.user('check_sim_status'))).toBe('No SIM card detected in the phone.');
    expect(answer(await tools.user('reseat_sim_card'))).toBe(
      'SIM card re-seated successfully.\nStatus Bar: 📶⁴ Excellent | 5G | 📱 Data Enabled | 📡 Connected to HomeNet | 🔋 64%',
    );
  });

  it('lists the network status line by line', async () => {
    const tools = await telecomHarness();
    await tools.user('toggle_roaming');
    expect(answer(await tools.user('check_network_status'))).toBe(
      [
        'Airplane Mode: OFF',
        'SIM Card Status: active',
        'Cellular Connection: connected',
        'Cellular Signal: excellent',
        'Cellular Network Type: 5G',
        'Mobile Data Enabled: Yes',
        'Data Roaming Enabled: Yes',
        'Wi-Fi Radio: ON',
        'Wi-Fi Connected: Yes',
        'Connected Wi-Fi Network: HomeNet',
      ].join('\n'),
    );
    expect(answer(await tools.user('check_data_restriction_status'))).toBe(
      'Data Saver mode is OFF.',
    );
  });

  it('resets APN settings that were marked for reset at the reboot', async () => {
    const tools = await telecomHarness([{ side: 'user', tool: 'break_apn_mms_setting', args: {} }]);
    expect(answer(await tools.user('reset_apn_settings'))).toMatch(
      /^APN settings will reset at reboot\.\n/,
    );
    expect(answer(await tools.user('reboot_device'))).toBe(
      'Resetting APN settings...\nRestarting network services...\nStatus Bar: 📶⁴ Excellent | 5G | 📱 Data Enabled | 📡 Connected to HomeNet | 🔋 64%',
    );
    expect(tools.phone().active_apn_settings).toMatchObject({
      reset_at_reboot: false,
      mmsc_url: 'http://mms.carrier.com/mms/wapenc',
    });
  });
});
