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

  it("writes the harness's own words in Latin-1, one byte a character", async () => {
    const record = await runTrial({
      task: buildTask(shopEnvironment, shopRefundTask),
      environment: shopEnvironment,
      agent: createOracleAgent(),
      seed: 1,
      attempt: 1,
      rerun: 0,
      runId: 'r',
      suiteHash: 'h',
      systemHash: 's',
    });
    expect(Object.keys(record.state_diff ?? {}).length).toBeGreaterThan(0);
    // One typographic apostrophe in a grader's message would make the whole
    // text two bytes a character in memory, and twice as long to send to the
    // writer thread.
    const encoded = encodeTrial(record);
    const text = encoded.record + encoded.events;
    expect([...text].filter((character) => character.charCodeAt(0) > 0xff)).toEqual([]);
  });

  it('refuses a record of another version', () => {
    expect(() => decodeTrial('{"record_version":99,"trial_id":"t"}', '[]')).toThrow(
      /record version 99/,
    );
  });
});
