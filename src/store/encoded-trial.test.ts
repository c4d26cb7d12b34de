import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createOracleAgent } from '../agent/index.js';
import type { Environment } from '../environment/index.js';
import type { TrialEvent, TrialRecord } from '../schema/index.js';
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
  it('round-trips a trial record through decodeTrial', async () => {
    const record = await oracleTrial(
      buildTask(shopEnvironment, shopRefundTask),
      shopEnvironment,
      3,
    );
    const encoded = encodeTrial(record);
    expect(decodeTrial(encoded.record, encoded.events)).toEqual(JSON.parse(JSON.stringify(record)));
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

  it('stores a result that is a record of the diff once, and gives back the same text', () => {
    const before = Object.freeze({ id: 'o1', status: 'pending', total: 10.5 });
    const first = Object.freeze({ id: 'o1', status: 'held', total: 10.5 });
    const after = Object.freeze({ id: 'o1', status: 'cancelled', total: 10.5 });
    const record = buildTrialRecord({
      task_id: 't',
      attempt: 1,
      state_diff: { orders: { o1: { before, after } } },
      events: [
        resultEvent('c1', before), // a lookup before the writes: the diff's before
        resultEvent('c2', first), // an intermediate write: in no side of the diff
        resultEvent('c3', after), // the last write: the diff's after
        resultEvent('c4', { ...after }), // equal to after, another object
        resultEvent('c5', 'o1'),
      ],
    });
    const encoded = encodeTrial(record);
    const stored = JSON.parse(encoded.events) as Record<string, unknown>[];
    expect(stored.map((event) => event.$result ?? null)).toEqual([
      ['orders', 'o1', 'before'],
      null,
      ['orders', 'o1', 'after'],
      null,
      null,
    ]);
    expect(stored.map((event) => Object.keys(event).indexOf('$result'))).toEqual([
      5, -1, 5, -1, -1,
    ]);
    expect(stored[1]!.result).toEqual(first);
    const decoded = decodeTrial(encoded.record, encoded.events);
    expect(decoded).toEqual(record);
    expect(JSON.stringify(decoded.events)).toBe(JSON.stringify(record.events));
    expect(decoded.events[2]).toMatchObject({ result: decoded.state_diff!.orders!.o1!.after });
  });

  it('gives back every retail oracle trial and the text of its events, results stored once', async () => {
    const suite: Suite = await loadSuite(RETAIL);
    let referenced = 0;
    for (const task of suite.tasks.filter((_, index) => index % 5 === 0)) {
      const record = await oracleTrial(task, suite.environment);
      const encoded = encodeTrial(record);
      referenced += encoded.events.split('"$result"').length - 1;
      const decoded = decodeTrial(encoded.record, encoded.events);
      expect(decoded).toEqual(record);
      expect(JSON.stringify(decoded.events)).toBe(JSON.stringify(record.events));
    }
    expect(referenced).toBeGreaterThan(100);
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

  it('refuses a record of another version', () => {
    expect(() => decodeTrial('{"record_version":99,"trial_id":"t"}', '[]')).toThrow(
      /record version 99/,
    );
  });
});
