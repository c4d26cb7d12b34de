import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createOracleAgent } from '../../agent/index.js';
import type { TrialRecord } from '../../schema/index.js';
import { loadSuite } from '../../task/index.js';
import type { Suite, Task } from '../../task/index.js';
import { runTrial } from '../../trial/index.js';
import { importTau2 } from './import-tau2.js';

const MINI = fileURLToPath(new URL('../../../test/fixtures/tau2-telecom-mini/', import.meta.url));

async function importMini(): Promise<Suite> {
  const out = mkdtempSync(join(tmpdir(), 'tau2-telecom-'));
  const summary = await importTau2({ source: MINI, out });
  expect(summary).toMatchObject({ domain: 'telecom', tasks: 5 });
  return loadSuite(out, { importModule: (url) => import(url), taskCache: false });
}

function play(suite: Suite, task: Task): Promise<TrialRecord> {
  return runTrial({
    task,
    environment: suite.environment,
    agent: createOracleAgent(),
    seed: 1,
    attempt: 1,
    rerun: 0,
    runId: 'run',
    suiteHash: suite.hash,
    systemHash: 'system',
  });
}

describe('a tau2 telecom suite', () => {
  it("passes every task with the oracle, the scripted user making the user's gold calls", async () => {
    const suite = await importMini();
    const records = [];
    for (const task of suite.tasks) records.push(await play(suite, task));
    expect(records.map((record) => [record.task_id, record.success])).toEqual(
      suite.tasks.map((task) => [task.id, true]),
    );
    const roaming = records.find((record) => record.task_id === 'mini-roaming_abroad')!;
    const calls = roaming.events.flatMap((event) =>
      event.kind === 'tool_call' ? [`${event.by ?? 'agent'}:${event.tool}`] : [],
    );
    expect(calls).toEqual([
      'agent:get_customer_by_phone',
      'agent:enable_roaming',
      'user:toggle_roaming',
      'user:run_speed_test',
    ]);
  }, 60_000);

  it('fails the task when the user leaves out one of their gold calls', async () => {
    const suite = await importMini();
    const task = suite.tasks.find((candidate) => candidate.id === 'mini-roaming_abroad')!;
    const script = task.spec.user.script ?? [];
    const withoutToggle = script.filter(
      (rule) => !('user_tool' in rule) || rule.user_tool?.tool !== 'toggle_roaming',
    );
    expect(withoutToggle).toHaveLength(script.length - 1);
    const dropped: Task = {
      ...task,
      spec: { ...task.spec, user: { ...task.spec.user, script: withoutToggle } },
    };
    const record = await play(suite, dropped);
    expect(record.success).toBe(false);
    // The phone's roaming stays off abroad: no mobile data, no speed.
    const failed = (record.grades.outcome?.checks ?? []).filter((check) => !check.pass);
    expect(failed.map((check) => check.id)).toEqual([
      'expect.assert[0]',
      'expect.assert[1]',
      'expect.assert[2]',
    ]);
  });

  it('lists a known-bad path for each change on the phone the assertions need', async () => {
    const suite = await importMini();
    const names = (id: string) =>
      suite.tasks.find((task) => task.id === id)!.spec.known_bad.map((bad) => bad.name);
    // run_speed_test only reads: leaving it out is no known-bad path.
    expect(names('mini-roaming_abroad')).toEqual(['user-skips-toggle_roaming_0']);
    expect(names('mini-mms_settings')).toEqual([
      'user-skips-grant_app_permission_0',
      'user-skips-set_network_mode_preference_0',
      'user-skips-reset_apn_settings_0',
      'user-skips-reboot_device_0',
    ]);
    // Airplane mode is toggled on and off again: leaving out either leaves it on.
    expect(names('mini-errors_and_lookups')).toEqual([
      'user-skips-toggle_airplane_mode_0',
      'user-skips-toggle_airplane_mode_1',
    ]);
  });

  it("keeps tau2's id in a label, its init as init steps and its env assertions as CEL on both sides", async () => {
    const suite = await importMini();
    const task = suite.tasks.find((candidate) => candidate.id === 'mini-overdue_bill')!;
    expect(task.spec.labels).toMatchObject({
      tau2_id: '[mini]overdue_bill',
      source: 'tau2-telecom',
    });
    expect(task.spec.init).toEqual([
      {
        side: 'user',
        tool: 'set_user_info',
        args: { name: 'Ana Lima', phone_number: '555-010-1001' },
      },
      {
        side: 'agent',
        tool: 'suspend_line_for_overdue_bill',
        args: { customer_id: 'C1', line_id: 'L1', new_bill_id: 'B9', contract_ended: false },
      },
      { side: 'user', tool: 'simulate_network_search', args: {} },
    ]);
    // s0 is the state the init left: the line suspended, the phone without service.
    expect(task.initialState.snapshot.lines?.L1?.status).toBe('Suspended');
    expect(task.initialState.snapshot.device?.phone?.network_connection_status).toBe('no_service');
    expect(task.spec.expect.assert).toEqual([
      '!("B9" in sT_by_id.bills) || sT_by_id.bills["B9"].status == "Paid"',
      '"L1" in sT_by_id.customers["C1"].line_ids && sT_by_id.lines["L1"].status == "Active"',
      'sT_by_id.device["phone"].network_connection_status == "connected"',
    ]);
    // ENV_ASSERTION alone: tau2 does not check the rest of the end state.
    expect(task.spec.expect).toMatchObject({ changes: [], unchanged: 'ignore' });
  });
});
