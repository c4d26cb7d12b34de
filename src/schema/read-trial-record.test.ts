import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../core/index.js';
import { buildTrialRecord } from '../testing/index.js';
import { readTrialRecord } from './read-trial-record.js';
import { TRIAL_RECORD_VERSION } from './trial-record.js';

const stored = (record: unknown): JsonObject => JSON.parse(JSON.stringify(record)) as JsonObject;

describe('readTrialRecord and unknown costs (record version 3)', () => {
  it('reads a version 2 record with its costs as they were', () => {
    const current = buildTrialRecord({ task_id: 't', attempt: 1 });
    const v2 = stored({
      ...current,
      record_version: 2,
      usage: { ...current.usage, cost_usd: 0.25 },
    });
    const read = readTrialRecord(v2);
    expect(TRIAL_RECORD_VERSION).toBe(3);
    expect(read.record_version).toBe(3);
    expect(read.usage.cost_usd).toBe(0.25);
  });

  it('keeps an unknown cost unknown: null, with its tokens', () => {
    const current = buildTrialRecord({ task_id: 't', attempt: 1 });
    const read = readTrialRecord(
      stored({
        ...current,
        usage: { ...current.usage, input_tokens: 120, cost_usd: null, user_cost_usd: null },
      }),
    );
    expect(read.usage).toMatchObject({ input_tokens: 120, cost_usd: null, user_cost_usd: null });
  });
});
