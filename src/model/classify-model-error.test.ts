import { APICallError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { classifyModelError } from './classify-model-error.js';

const httpError = (
  statusCode: number,
  message: string,
  responseHeaders?: Record<string, string>,
): APICallError =>
  new APICallError({
    message,
    url: 'http://127.0.0.1/v1/chat/completions',
    requestBodyValues: {},
    statusCode,
    ...(responseHeaders === undefined ? {} : { responseHeaders }),
    isRetryable: statusCode === 429 || statusCode >= 500,
  });

describe('classifyModelError', () => {
  it.each([
    [401, 'Incorrect API key provided'],
    [403, 'Project does not have access to model'],
    [404, 'The model `gpt-9` does not exist'],
    [400, 'tools are not supported by this model'],
  ])('stops the run on HTTP %i: every later request would meet it too', (status, message) => {
    expect(classifyModelError(httpError(status, message), 0)).toEqual({
      type: 'refused',
      message: `HTTP ${status}: ${message}`,
      stopsRun: true,
    });
  });

  it('refuses a prompt too long for the model without stopping the run', () => {
    const verdict = classifyModelError(
      httpError(400, "This model's maximum context length is 8192 tokens"),
      0,
    );
    expect(verdict).toMatchObject({ type: 'refused', stopsRun: false });
  });

  it('retries a 429 and a 503', () => {
    expect(classifyModelError(httpError(429, 'Rate limit'), 0).type).toBe('retryable');
    expect(classifyModelError(httpError(503, 'Overloaded'), 0).type).toBe('retryable');
  });

  it.each([
    [429, { 'Retry-After': '7' }, 7000, true],
    [503, { 'retry-after-ms': '1500' }, 1500, true],
    [502, { 'Retry-After': '7' }, 7000, false],
    [429, undefined, undefined, false],
  ])(
    'on HTTP %i with %o waits %s ms and pauses the endpoint: %s',
    (status, headers, wait, pauses) => {
      expect(classifyModelError(httpError(status, 'busy', headers), 0)).toMatchObject({
        type: 'retryable',
        retryAfterMs: wait,
        pausesEndpoint: pauses,
      });
    },
  );
});
