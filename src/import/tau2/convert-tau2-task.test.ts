import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createOracleAgent } from '../../agent/index.js';
import { EndstateError } from '../../core/index.js';
import type { TaskFile } from '../../schema/index.js';
import { runTrial } from '../../trial/index.js';
import { convertTau2Task } from './convert-tau2-task.js';
import { readTau2Tasks } from './read-tau2-tasks.js';
import { RETAIL_DOMAIN } from './retail-domain.js';

const folder = fileURLToPath(new URL('../../../test/fixtures/tau2-retail-mini/', import.meta.url));
const file = join(folder, 'tasks.json');
const environment = RETAIL_DOMAIN.createEnvironment(folder);
const tasks = readTau2Tasks(file);

async function convert(id: string): Promise<TaskFile> {
  const task = tasks.find((candidate) => candidate.id === id)!;
  return (await convertTau2Task(task, { domain: RETAIL_DOMAIN, environment, file })).task;
}

async function playOracle(spec: TaskFile) {
  return runTrial({
    task: { id: spec.id, file: `tasks/${spec.id}.yaml`, spec, initialState: environment.fixture },
    environment,
    agent: createOracleAgent(),
    seed: 1,
    attempt: 1,
    rerun: 0,
    runId: 'test',
    suiteHash: 'h',
    systemHash: 's',
  });
}

describe('readTau2Tasks', () => {
  it('names the file, the task index and the field of a bad task', () => {
    const bad = join(mkdtempSync(join(tmpdir(), 'tau2-')), 'tasks.json');
    const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>[];
    delete (raw[1]!.user_scenario as Record<string, unknown>).instructions;
    writeFileSync(bad, JSON.stringify(raw, null, 1));
    // The line of the second task's user_scenario, found in the text written, not by the reader.
    const lines = readFileSync(bad, 'utf8').split('\n');
    const secondTask = lines.findIndex((line, index) => index > 1 && line === ' {');
    const scenarioLine = lines.findIndex(
      (line, index) => index > secondTask && line.includes('"user_scenario"'),
    );
    try {
      readTau2Tasks(bad);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EndstateError);
      expect((error as EndstateError).code).toBe('E_TASK_INVALID');
      expect((error as EndstateError).problems).toEqual([
        expect.objectContaining({
          file: bad,
          line: scenarioLine + 1,
          path: '[1].user_scenario.instructions',
        }),
      ]);
    }
  });
});

describe('convertTau2Task (mini retail)', () => {
  it("keeps tau2's id and expects the gold replay's end state, with tau2's modify-items quirk", async () => {
    const spec = await convert('swap-both-items');
    expect(spec.id).toBe('swap-both-items');
    // Both changed lines carry the kettle variant's price: tau2 writes the last variant checked.
    expect(spec.expect.changes).toContainEqual({
      set: 'orders/#M1000001/items',
      to: expect.arrayContaining([expect.objectContaining({ item_id: '5200000012', price: 44.7 })]),
    });
    expect(spec.labels).toMatchObject({
      verdict_of: 'tau2',
      reward_basis: 'DB',
      verdict_checks: 'expect.changes|expect.unchanged',
    });
  });

  it('maps ACTION to a required trajectory, COMMUNICATE to facts and NL_ASSERTION to a judge', async () => {
    const actions = await convert('cancel-then-address');
    // tau2 compares the cancellation on order_id and reason alone, every other call on all its arguments.
    expect(actions.trajectory).toMatchObject({
      match: 'superset',
      required: true,
      args: 'exact',
      compare_args: { cancel_pending_order: ['order_id', 'reason'] },
    });
    const said = await convert('exchange-with-refund');
    expect(said.expect.communicate).toEqual(['52.25']);
    expect(said.trajectory?.required).toBe(false);
    const judged = await convert('status-only');
    expect(judged.judge?.rubric).toContain('a processed order cannot be cancelled');
    expect(judged.expect.changes).toEqual([]);
    expect(judged.labels.reward_basis).toBe('DB+COMMUNICATE+NL_ASSERTION');
  });

  it('declares one group of checks per component of reward_basis that has something to check', async () => {
    // DB, ACTION and COMMUNICATE, each with something to check.
    expect((await convert('exchange-mat-and-kettle')).labels.verdict_checks).toBe(
      'expect.changes|expect.unchanged,trajectory,expect.communicate',
    );
    // COMMUNICATE in the basis with no facts to say: tau2 gives it 1, nothing to check.
    const task = structuredClone(
      tasks.find((candidate) => candidate.id === 'exchange-with-refund')!,
    );
    task.evaluation_criteria!.communicate_info = [];
    const spec = (await convertTau2Task(task, { domain: RETAIL_DOMAIN, environment, file })).task;
    expect(spec.labels.verdict_checks).toBe('expect.changes|expect.unchanged');
    // No actions and no env assertions: tau2's DB reward is 1 whatever changed.
    task.evaluation_criteria!.actions = null;
    const none = (await convertTau2Task(task, { domain: RETAIL_DOMAIN, environment, file })).task;
    expect(none.labels.verdict_checks).toBe('');
  });

  it('lists a gold call repeated in the actions once in the trajectory (tau2 lets one call meet both)', async () => {
    const task = structuredClone(tasks.find((candidate) => candidate.id === 'swap-both-items')!);
    const actions = task.evaluation_criteria!.actions!;
    actions.splice(1, 0, { ...actions[0]!, action_id: 'again' });
    const spec = (await convertTau2Task(task, { domain: RETAIL_DOMAIN, environment, file })).task;
    expect(actions).toHaveLength(4);
    expect(spec.trajectory?.reference?.map((call) => call.tool)).toEqual([
      'find_user_id_by_email',
      'get_order_details',
      'modify_pending_order_items',
    ]);
  });

  it('passes the oracle on every task without a judge', async () => {
    for (const id of ['swap-both-items', 'cancel-then-address', 'exchange-with-refund']) {
      const record = await playOracle(await convert(id));
      expect(record.success, id).toBe(true);
    }
  });

  it("refuses a user's action in a domain without a user side, naming the field", async () => {
    const task = structuredClone(tasks[0]!);
    task.evaluation_criteria!.actions![0]!.requestor = 'user';
    const error = await convertTau2Task(task, { domain: RETAIL_DOMAIN, environment, file }).catch(
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(EndstateError);
    expect((error as EndstateError).problems).toEqual([
      expect.objectContaining({
        path: `task ${task.id}: evaluation_criteria.actions[0].name`,
        message: expect.stringMatching(/^the retail environment has no user's tool "/),
      }),
    ]);
  });

  it('refuses an init function the domain does not have', async () => {
    const task = structuredClone(tasks[0]!);
    task.initial_state = {
      initialization_actions: [{ env_type: 'user', func_name: 'set_user_info', arguments: {} }],
    };
    await expect(
      convertTau2Task(task, { domain: RETAIL_DOMAIN, environment, file }),
    ).rejects.toThrow(/the retail environment has no user side for "set_user_info"/);
  });
});
