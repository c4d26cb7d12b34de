import { describe, expect, it } from 'vitest';
import { createOracleAgent } from '../agent/index.js';
import { EndstateError } from '../core/index.js';
import { defineEnvironment } from '../environment/index.js';
import type { EnvironmentSpec } from '../environment/index.js';
import { defineGrader } from '../grade/index.js';
import { buildTask, shopEnvironment, shopRefundTask } from '../testing/index.js';
import { runTrial } from './run-trial.js';

/** The shop's spec, rebuilt from the environment (its tools and fixture). */
const shopSpec: EnvironmentSpec = {
  name: shopEnvironment.name,
  version: shopEnvironment.version,
  policy: shopEnvironment.policy,
  fixture: shopEnvironment.fixture.snapshot,
  tools: [...shopEnvironment.tools.values()],
};

/** Passes when the final answer has no exclamation mark. */
const noExclamation = (role: 'gate' | 'diagnostic') =>
  defineGrader({
    id: 'calm',
    version: '2',
    role,
    grade: ({ finalAnswer }) => {
      const pass = !(finalAnswer ?? '').includes('!');
      return {
        pass,
        checks: [
          {
            id: 'calm',
            kind: 'tone',
            pass,
            message: pass ? 'calm' : 'shouts',
            evidence: finalAnswer,
          },
        ],
      };
    },
  });

async function oracleTrial(environment: ReturnType<typeof defineEnvironment>, finalSay: string) {
  const spec = {
    ...shopRefundTask,
    reference: [...shopRefundTask.reference.slice(0, -1), { say: finalSay }],
  };
  return runTrial({
    task: buildTask(environment, spec),
    environment,
    agent: createOracleAgent(),
    seed: 1,
    attempt: 1,
    rerun: 0,
    runId: 'r',
    suiteHash: 'h',
    systemHash: 's',
  });
}

describe("an environment's own graders", () => {
  it('run after the built-in ones, are recorded under their id with their version, and a gate decides success', async () => {
    const environment = defineEnvironment({ ...shopSpec, graders: [noExclamation('gate')] });
    const calm = await oracleTrial(environment, 'Done: 42.99 refunded for order 8842.');
    expect(Object.keys(calm.grades)).toEqual(['outcome', 'response', 'constraints', 'calm']);
    expect(calm.grades.calm).toMatchObject({ version: '2', role: 'gate', pass: true });
    expect(calm.success).toBe(true);

    const loud = await oracleTrial(environment, 'Done: 42.99 refunded for order 8842!');
    expect(loud.grades.calm).toMatchObject({ pass: false });
    expect(loud.grades.outcome!.pass).toBe(true);
    expect(loud).toMatchObject({ success: false, terminal_reason: 'agent_failure', valid: true });
  });

  it('never decide success as diagnostics', async () => {
    const environment = defineEnvironment({ ...shopSpec, graders: [noExclamation('diagnostic')] });
    const loud = await oracleTrial(environment, 'Done: 42.99 refunded for order 8842!');
    expect(loud.grades.calm).toMatchObject({ role: 'diagnostic', pass: false });
    expect(loud.success).toBe(true);
  });

  it('make the trial a grader failure when they throw, never a silent fail', async () => {
    const broken = defineGrader({
      id: 'broken',
      version: '1',
      role: 'gate',
      grade: () => {
        throw new Error('rubric file missing');
      },
    });
    const environment = defineEnvironment({ ...shopSpec, graders: [broken] });
    const record = await oracleTrial(environment, 'Done: 42.99 refunded for order 8842.');
    expect(record).toMatchObject({
      success: false,
      valid: false,
      terminal_reason: 'grader_failure',
      error: 'grader failed: rubric file missing',
    });
    expect(record.grades.broken).toMatchObject({ error: 'rubric file missing', pass: false });
  });

  it('are refused with an id of a built-in grader or twice the same id', () => {
    const named = (id: string) =>
      defineGrader({ id, version: '1', role: 'gate', grade: () => ({ pass: true, checks: [] }) });
    expect(() => defineEnvironment({ ...shopSpec, graders: [named('outcome')] })).toThrow(
      EndstateError,
    );
    expect(() => defineEnvironment({ ...shopSpec, graders: [named('x'), named('x')] })).toThrow(
      /not valid/,
    );
  });
});
