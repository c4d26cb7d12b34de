import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createOracleAgent } from '../agent/index.js';
import type { Environment } from '../environment/index.js';
import type { TrialEvent, TrialRecord } from '../schema/index.js';
import { readTrialRecord } from '../schema/index.js';
import type { Suite, Task } from '../task/index.js';
import { loadSuite } from '../task/index.js';
import { buildTask, buildTrialRecord, shopEnvironment, shopRefundTask } from '../testing/index.js';
import { runTrial } from '../trial/index.js';
import { decodeTrial, encodeTrial } from './encoded-trial.js';

const RETAIL = fileURLToPath(new URL('../../examples/retail', import.meta.url));

/** One oracle trial of a task (seed 1 unless given). */
const oracleTrial = (task: Task, environment: Environment, seed = 1): Promise<TrialRecord> =>
  runTrial({
    task,
    environment,
    agent: createOracleAgent(),
    seed,
    attempt: seed,
    rerun: 0,
    runId: 'r',
    suiteHash: 'h',
    systemHash: 's',
  });

/** A tool result event whose result is the given value. */
const resultEvent = (callId: string, result: unknown): TrialEvent =>
  ({
    t_ms: 1,
    kind: 'tool_result',
    call_id: callId,
    tool: 'update_order',
    ok: true,
    result,
    duration_ms: 0.5,
  }) as TrialEvent;

describe('encodeTrial', () => {
  it('round-trips a trial record through decodeTrial and readTrialRecord', async () => {
    const record = await oracleTrial(
      buildTask(shopEnvironment, shopRefundTask),
      shopEnvironment,
      3,
    );
    const encoded = encodeTrial(record);
    const decoded = readTrialRecord(decodeTrial(encoded.record, encoded.events));
    expect(decoded).toEqual(JSON.parse(JSON.stringify(record)));
    expect(encoded).toMatchObject({
      trial_id: record.trial_id,
      task_id: 'refund-8842',
      valid: true,
      success: true,
    });
  });

  it("writes the harness's own words in Latin-1, one byte a character", async () => {
    const record = await oracleTrial(
      buildTask(shopEnvironment, shopRefundTask),
      shopEnvironment,
      1,
    );
    expect(Object.keys(record.state_diff ?? {}).length).toBeGreaterThan(0);
    // One typographic apostrophe in a grader's message would make the whole
    // text two bytes a character in memory, and twice as long to send to the
    // writer thread.
    const encoded = encodeTrial(record);
    const text = encoded.record + encoded.events;
    expect([...text].filter((character) => character.charCodeAt(0) > 0xff)).toEqual([]);
  });

  it('stores records as plain data: a result equal to a record of the diff is written out in full', () => {
    const after = Object.freeze({ id: 'o1', status: 'cancelled', total: 10.5 });
    const record = buildTrialRecord({
      task_id: 't',
      attempt: 1,
      state_diff: { orders: { o1: { before: null, after } } },
      events: [resultEvent('c1', after)],
    });
    const encoded = encodeTrial(record);
    expect(JSON.parse(encoded.events)).toEqual([JSON.parse(JSON.stringify(record.events[0]))]);
    expect(encoded.events).not.toContain('$result');
  });

  it('reads the references to diff records that stores of schema 4 and 5 wrote', () => {
    const before = { id: 'o1', status: 'pending', total: 10.5 };
    const after = { id: 'o1', status: 'cancelled', total: 10.5 };
    const record = buildTrialRecord({
      task_id: 't',
      attempt: 1,
      state_diff: { orders: { o1: { before, after } } },
    });
    const { events: _, ...stored } = record;
    // As such a store wrote them: `$result` in the place of `result`.
    const events = JSON.stringify([
      {
        t_ms: 1,
        kind: 'tool_result',
        call_id: 'c1',
        tool: 'get_order',
        ok: true,
        $result: ['orders', 'o1', 'before'],
        duration_ms: 0.5,
      },
      {
        t_ms: 2,
        kind: 'tool_result',
        call_id: 'c2',
        tool: 'get_order',
        ok: true,
        result: 'o1',
        duration_ms: 0.5,
      },
      {
        t_ms: 3,
        kind: 'tool_result',
        call_id: 'c3',
        tool: 'update_order',
        ok: true,
        $result: ['orders', 'o1', 'after'],
        duration_ms: 0.5,
      },
    ]);
    const decoded = readTrialRecord(decodeTrial(JSON.stringify(stored), events));
    expect(
      decoded.events.map((event) => (event.kind === 'tool_result' ? event.result : null)),
    ).toEqual([before, 'o1', after]);
    expect(Object.keys(decoded.events[0]!)).toEqual([
      't_ms',
      'kind',
      'call_id',
      'tool',
      'ok',
      'result',
      'duration_ms',
    ]);
  });

  it('gives back every retail oracle trial exactly', async () => {
    const suite: Suite = await loadSuite(RETAIL);
    for (const task of suite.tasks.filter((_, index) => index % 5 === 0)) {
      const record = await oracleTrial(task, suite.environment);
      const encoded = encodeTrial(record);
      const decoded = readTrialRecord(decodeTrial(encoded.record, encoded.events));
      expect(decoded).toEqual(record);
      expect(JSON.stringify(decoded.events)).toBe(JSON.stringify(record.events));
    }
  }, 30_000);

  it('refuses a reference to a record its diff does not hold, naming the trial', () => {
    const record = buildTrialRecord({ task_id: 't', attempt: 1 });
    const encoded = encodeTrial(record);
    const events = JSON.stringify([
      { t_ms: 1, kind: 'tool_result', call_id: 'c1', $result: ['orders', 'o9', 'after'] },
    ]);
    expect(() => decodeTrial(encoded.record, events)).toThrow(
      /trial run\/t\/1\.0: a tool result refers to the after side of orders\/o9/,
    );
  });

  it('refuses a record of a later version, and one that does not fit the schema, naming the trial', () => {
    expect(() =>
      readTrialRecord(decodeTrial('{"record_version":99,"trial_id":"t"}', '[]')),
    ).toThrow(/trial "t" has record version 99/);
    const record = buildTrialRecord({ task_id: 't', attempt: 1 });
    const { events: _, ...stored } = record;
    const broken = JSON.stringify({ ...stored, success: 'yes' });
    expect(() => readTrialRecord(decodeTrial(broken, '[]'))).toThrow(
      /trial "run\/t\/1\.0" does not fit the trial record schema at success/,
    );
  });
});
