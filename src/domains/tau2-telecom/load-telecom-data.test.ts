import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EndstateError } from '../../core/index.js';
import { loadTelecomData } from './load-telecom-data.js';
import { MINI_FOLDER } from './telecom-test-harness.js';

function folderWith(files: Record<string, string>): string {
  const folder = mkdtempSync(join(tmpdir(), 'telecom-data-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
  return folder;
}

function errorOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof EndstateError) return error;
    throw error;
  }
  throw new Error('expected an EndstateError');
}

describe('loadTelecomData', () => {
  it("keys each table by its id and fills in tau2's defaults", () => {
    const data = loadTelecomData(MINI_FOLDER);
    expect(Object.keys(data.db.lines)).toEqual(['L1', 'L2', 'L3', 'L4']);
    expect(data.db.lines.L4).toMatchObject({
      device_id: null,
      data_used_gb: 0,
      roaming_enabled: false,
    });
    expect(data.db.bills.B2).toMatchObject({ line_items: [] });
    // The file names three apps' permissions in part: the rest are false; tau2's default apps are replaced.
    expect(data.userDb.device.app_statuses).toEqual({
      messaging: {
        app_name: 'messaging',
        permissions: { sms: true, storage: true, phone: true, network: false },
      },
      maps: {
        app_name: 'maps',
        permissions: { sms: false, storage: false, phone: false, network: true },
      },
    });
    expect(data.userDb.device).toMatchObject({
      battery_level: 64,
      sim_card_status: 'active',
      vpn_details: null,
    });
    expect(data.userDb.surroundings).toMatchObject({
      phone_number: null,
      line_active: true,
      payment_request: null,
    });
    expect(data.policy).toBe(readFileSync(join(MINI_FOLDER, 'policy.md'), 'utf8'));
  });

  it("joins tau2's two policy files as tau2 does", () => {
    const folder = folderWith({
      'db.toml': '',
      'user_db.toml': '',
      'main_policy.md': 'Main.',
      'tech_support_manual.md': 'Manual.',
    });
    expect(loadTelecomData(folder).policy).toBe(
      '<main_policy>\nMain.\n</main_policy>\n<tech_support_policy>\nManual.\n</tech_support_policy>',
    );
  });

  it('names every missing file', () => {
    const error = errorOf(() => loadTelecomData(folderWith({ 'db.toml': '' })));
    expect(error.code).toBe('E_ENVIRONMENT_INVALID');
    expect(error.problems.map((problem) => problem.file?.split('/').pop())).toEqual([
      'user_db.toml',
      'main_policy.md',
      'tech_support_manual.md',
    ]);
  });

  it('refuses a record without an id, an id used twice and an unknown table', () => {
    const folder = folderWith({
      'db.toml':
        '[[lines]]\nline_id = "L1"\n[[lines]]\nline_id = "L1"\n[[plans]]\nname = "x"\n[[phones]]\nx = 1\n',
      'user_db.toml': '',
      'policy.md': '',
    });
    expect(
      errorOf(() => loadTelecomData(folder)).problems.map(
        ({ path, message }) => `${path}: ${message}`,
      ),
    ).toEqual([
      'phones: is not one of plans, customers, lines, bills, devices',
      'plans[0].plan_id: must be a string id',
      'lines[1].line_id: "L1" is used twice',
    ]);
  });
});
