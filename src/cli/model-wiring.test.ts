import { describe, expect, it } from 'vitest';
import { UNLIMITED_REQUESTS } from '../model/index.js';
import type { ModelRef, RequestLimits } from '../model/index.js';
import { captureIo } from './capture-io.js';
import { wireModels } from './model-wiring.js';

const flags = {
  maxRetries: 0,
  maxConcurrentRequests: 3,
  requestsPerMinute: 600,
  requestTimeout: 5,
};

const at = (baseUrl: string, id: string): ModelRef => ({
  provider: 'openai-compatible',
  id,
  base_url: baseUrl,
});

describe('wireModels', () => {
  it('makes one limiter per provider endpoint with the run limits, through the factory it is given', async () => {
    const made: [string, RequestLimits][] = [];
    const wiring = wireModels(flags, captureIo('/tmp'), {
      limiterFor: (endpoint, limits) => {
        made.push([endpoint, limits]);
        return UNLIMITED_REQUESTS;
      },
    });
    await wiring.callerFor(at('http://127.0.0.1:9001/v1', 'agent-model'));
    await wiring.callerFor(at('http://127.0.0.1:9001/v1', 'user-model'));
    await wiring.callerFor(at('http://127.0.0.1:9002/v1', 'agent-model'));
    const limits = { maxConcurrentRequests: 3, requestsPerMinute: 600 };
    expect(made).toEqual([
      ['openai-compatible:http://127.0.0.1:9001/v1', limits],
      ['openai-compatible:http://127.0.0.1:9002/v1', limits],
    ]);
    expect(wiring.requestLimits()).toEqual({
      max_concurrent_requests: 3,
      requests_per_minute: 600,
    });
  });

  it('records no per-minute limit when none was given', () => {
    const { requestsPerMinute: _unused, ...withoutRate } = flags;
    expect(wireModels(withoutRate, captureIo('/tmp')).requestLimits()).toEqual({
      max_concurrent_requests: 3,
    });
  });
});
