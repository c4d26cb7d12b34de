import { describe, expect, it } from 'vitest';
import { answer, telecomHarness } from './telecom-test-harness.js';

describe('apps and their permissions', () => {
  it('lists the apps of the phone and their granted permissions', async () => {
    const tools = await telecomHarness();
    expect(answer(await tools.user('check_installed_apps'))).toBe(
      'The following apps are installed on the phone: messaging, maps',
    );
    expect(answer(await tools.user('check_app_status', { app_name: 'maps' }))).toBe(
      'Status for App: maps\n - Permissions Granted:\n   - network',
    );
    expect(answer(await tools.user('check_app_permissions', { app_name: 'messaging' }))).toBe(
      "App 'messaging' has permission for: sms, storage, phone.",
    );
    expect(answer(await tools.user('check_app_status', { app_name: 'camera' }))).toBe(
      "App 'camera' not found on this phone.",
    );
  });

  it('grants a permission named in any case, and refuses one it does not track', async () => {
    const tools = await telecomHarness();
    expect(
      answer(await tools.user('grant_app_permission', { app_name: 'maps', permission: 'SMS' })),
    ).toMatch(/^Success\. Permission 'sms' granted to app 'maps'\.\nStatus Bar: /);
    expect(
      answer(await tools.user('grant_app_permission', { app_name: 'maps', permission: 'camera' })),
    ).toMatch(
      /^Error\. Permission 'camera' not tracked for app 'maps', available permissions: \['sms', 'storage', 'phone', 'network'\]\n/,
    );
  });
});

describe('can_send_mms', () => {
  it('needs mobile data, 3G or better, the MMSC URL and the storage and SMS permissions', async () => {
    const fine = await telecomHarness();
    expect(answer(await fine.user('can_send_mms'))).toBe(
      'Your messaging app can send MMS messages.',
    );
    const noStorage = await telecomHarness([
      {
        side: 'user',
        tool: 'remove_app_permission',
        args: { app_name: 'messaging', permission: 'storage' },
      },
    ]);
    expect(answer(await noStorage.user('can_send_mms'))).toBe(
      'Your messaging app cannot send MMS messages.',
    );
    const twoG = await telecomHarness([
      { side: 'user', tool: 'set_network_mode_preference', args: { mode: '2g_only' } },
    ]);
    expect(answer(await twoG.user('can_send_mms'))).toBe(
      'Your messaging app cannot send MMS messages.',
    );
    const mmsOverWifi = await telecomHarness([
      { side: 'user', tool: 'set_wifi_calling', args: { enabled: true, mms_over_wifi: true } },
    ]);
    expect(answer(await mmsOverWifi.user('can_send_mms'))).toBe(
      'Your messaging app cannot send MMS messages.',
    );
  });
});
