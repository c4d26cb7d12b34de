import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOracleAgent, createPathAgent } from '../../agent/index.js';
import { createRetailEnvironment, loadRetailData } from '../../domains/retail/index.js';
import type { Environment } from '../../environment/index.js';
import type { TaskFile } from '../../schema/index.js';
import type { Task } from '../../task/index.js';
import { runTrial } from '../../trial/index.js';
import { convertTask } from './convert-task.js';
import { retailDomain } from './taubench-domain.js';
import type { TaubenchSplit, TaubenchTask } from './taubench-task.js';
import { constraintChecks } from '../../schema/index.js';

const dataFolder = fileURLToPath(new URL('../../../examples/retail/data/', import.meta.url));
const tasksOf = (split: TaubenchSplit) =>
  JSON.parse(readFileSync(`${dataFolder}tasks_${split}.json`, 'utf8')) as TaubenchTask[];

let environment: Environment;
beforeAll(() => {
  environment = createRetailEnvironment(loadRetailData(dataFolder));
});

async function convert(split: TaubenchSplit, index: number): Promise<TaskFile> {
  return (
    await convertTask(tasksOf(split)[index]!, {
      domain: retailDomain(environment),
      split,
      index,
      knownBadLimit: 2,
    })
  ).task;
}

function asTask(spec: TaskFile): Task {
  return { id: spec.id, file: `tasks/${spec.id}.yaml`, spec, initialState: environment.fixture };
}

async function play(spec: TaskFile, steps = spec.reference, oracle = true) {
  return runTrial({
    task: asTask(spec),
    environment,
    agent: oracle ? createOracleAgent() : createPathAgent('path', steps),
    seed: 1,
    attempt: 1,
    rerun: 0,
    runId: 'test',
    suiteHash: 'h',
    systemHash: 's',
  });
}

describe('convertTask (tau-bench retail)', () => {
  it('names tasks by split and zero-padded index and keeps the goal hidden from the opening', async () => {
    const spec = await convert('test', 7);
    expect(spec.id).toBe('test-007');
    expect(spec.user.scenario?.hidden_goal).toBe(tasksOf('test')[7]!.instruction);
    expect(spec.user.instruction).not.toContain(tasksOf('test')[7]!.user_id);
  });

  it('adds a user lookup and a confirmation before each write of a writes-only train task', async () => {
    const spec = await convert('train', 0);
    const steps = spec.reference;
    expect(steps[0]).toMatchObject({ tool: 'find_user_id_by_email' });
    const writes = steps.flatMap((step, index) =>
      'tool' in step && environment.tools.get(step.tool)?.effect !== 'read' ? [index] : [],
    );
    expect(writes.length).toBeGreaterThan(0);
    for (const index of writes)
      expect(steps[index - 1]).toMatchObject({ say: expect.stringMatching(/Shall I proceed\?$/) });
  });

  it('passes the oracle with every added constraint, and fails every known-bad path on the outcome', async () => {
    for (const [split, index] of [
      ['test', 0],
      ['test', 12],
      ['train', 8],
      ['dev', 3],
    ] as const) {
      const spec = await convert(split, index);
      const oracle = await play(spec);
      expect(
        oracle.success,
        `${spec.id}: ${JSON.stringify(constraintChecks(oracle).filter((c) => !c.pass))}`,
      ).toBe(true);
      for (const bad of spec.known_bad) {
        const record = await play(spec, bad.actions, false);
        expect(record.success).toBe(false);
        expect(record.grades.outcome!.pass).toBe(false);
        expect(constraintChecks(record).every((check) => check.pass)).toBe(true);
      }
    }
  });

  it('expects no change when every gold write fails (test 12) and says the outputs', async () => {
    const spec = await convert('test', 12);
    expect(spec.expect.changes).toEqual([]);
    const withOutputs = (
      await Promise.all(
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((index) => convert('test', index)),
      )
    ).find((task) => task.expect.communicate.length > 0);
    expect(withOutputs?.expect.communicate_match).toBe('substring');
    const record = await play(withOutputs!);
    expect(record.grades.response!.pass).toBe(true);
  });

  it('ends the path with the transfer when the gold transfers to a human (test 10)', async () => {
    const spec = await convert('test', 10);
    expect(spec.reference.at(-1)).toMatchObject({ tool: 'transfer_to_human_agents' });
    const record = await play(spec);
    expect(record.exit_reason).toBe('finished');
    expect(record.success).toBe(true);
  });
});
