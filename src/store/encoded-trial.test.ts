import { describe, expect, it } from 'vitest';
import { createOracleAgent } from '../agent/index.js';
import { buildTask, shopEnvironment, shopRefundTask } from '../testing/index.js';
import { runTrial } from '../trial/index.js';
import { decodeTrial, encodeTrial } from './encoded-trial.js';

describe('encodeTrial', () => {
  it('round-trips a trial record through decodeTrial', async () => {
    const record = await runTrial({
      task: buildTask(shopEnvironment, shopRefundTask),
      environment: shopEnvironment,
      agent: createOracleAgent(),
      seed: 3,
      attempt: 1,
      rerun: 0,
      runId: 'r',
      suiteHash: 'h',
      systemHash: 's',
    });
    const encoded = encodeTrial(record);
    expect(decodeTrial(encoded.record, encoded.events)).toEqual(JSON.parse(JSON.stringify(record)));
    expect(encoded).toMatchObject({
      trial_id: record.trial_id,
      task_id: 'refund-8842',
      valid: true,
      success: true,
    });
  });

  it('writes the text JSON.stringify writes, also once state records are kept', async () => {
    const task = buildTask(shopEnvironment, shopRefundTask);
    for (const seed of [1, 2]) {
      const record = await runTrial({
        task,
        environment: shopEnvironment,
        agent: createOracleAgent(),
        seed,
        attempt: seed,
        rerun: 0,
        runId: 'r',
        suiteHash: 'h',
        systemHash: 's',
      });
      expect(Object.keys(record.state_diff ?? {}).length).toBeGreaterThan(0);
      expect(record.events.some((event) => event.kind === 'tool_result')).toBe(true);
      const { events, ...rest } = record;
      const encoded = encodeTrial(record);
      expect(encoded.record).toBe(JSON.stringify(rest));
      expect(encoded.events).toBe(JSON.stringify(events));
      // The harness's own words are Latin-1, so a trial's text stays one
      // byte a character in memory (one typographic apostrophe doubles it).
      const text = encoded.record + encoded.events;
      expect([...text].filter((character) => character.charCodeAt(0) > 0xff)).toEqual([]);
    }
  });

  it('refuses a record of another version', () => {
    expect(() => decodeTrial('{"record_version":99,"trial_id":"t"}', '[]')).toThrow(
      /record version 99/,
    );
  });
});
