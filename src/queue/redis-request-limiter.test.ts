import { APICallError } from '@ai-sdk/provider';
import type { LanguageModelV3GenerateResult } from '@ai-sdk/provider';
import { MockLanguageModelV3 } from 'ai/test';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentInfrastructureError, sleep } from '../core/index.js';
import { createModelCaller } from '../model/index.js';
import type { ModelCallRequest, RequestLimiter, RequestLimits } from '../model/index.js';
import { createRedisRequestLimiter, requestLimiterKeys } from './redis-request-limiter.js';
import type { RedisRequestLimiterOptions } from './redis-request-limiter.js';

/** The server these tests run against (see docs/scale-out.md). */
const TEST_REDIS_URL = process.env.ENDSTATE_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const HOW_TO_START = `These tests need Redis at ${TEST_REDIS_URL}: start it (\`sudo service redis-server start\`, or \`docker run -d -p 6379:6379 redis:7\`), check it answers with \`redis-cli -h 127.0.0.1 ping\`, or point ENDSTATE_TEST_REDIS_URL at another server.`;
const WORKER = fileURLToPath(
  new URL('../../test/support/request-limiter-worker.ts', import.meta.url),
);

/** Every key of this file lives under its own prefix, deleted afterwards. */
const PREFIX = `endstate_test_${randomBytes(6).toString('hex')}`;
const connections: Redis[] = [];
let admin: Redis;

function connect(): Redis {
  const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  connections.push(redis);
  return redis;
}

beforeAll(async () => {
  admin = connect();
  try {
    await admin.ping();
  } catch (error) {
    throw new Error(`Redis does not answer (${(error as Error).message}). ${HOW_TO_START}`, {
      cause: error,
    });
  }
});

afterAll(async () => {
  const keys = await admin.keys(`${PREFIX}:*`);
  if (keys.length > 0) await admin.del(...keys);
  await Promise.all(connections.map((redis) => redis.quit().catch(() => 'closed')));
});

let endpoints = 0;
/** A provider endpoint no other test uses. */
const newEndpoint = () => `openai-compatible:http://127.0.0.1:${9000 + ++endpoints}/v1`;

function limiterOver(
  redis: Redis,
  endpoint: string,
  limits: RequestLimits,
  extra: Partial<RedisRequestLimiterOptions> = {},
): RequestLimiter {
  return createRedisRequestLimiter({
    redis,
    prefix: PREFIX,
    endpoint,
    limits,
    pollMs: 20,
    ...extra,
  });
}

const signal = new AbortController().signal;

/** Counts the limiter scripts a connection runs (each a round trip to Redis). */
function countScripts(redis: Redis): () => number {
  let count = 0;
  const evalsha = redis.evalsha.bind(redis) as (...args: unknown[]) => Promise<unknown>;
  (redis as unknown as { evalsha: (...args: unknown[]) => Promise<unknown> }).evalsha = (
    ...args
  ) => {
    count++;
    return evalsha(...args);
  };
  return () => count;
}

function startWorker(args: Record<string, unknown>): {
  child: ChildProcess;
  said: (text: string) => Promise<void>;
  exited: Promise<number | null>;
} {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      WORKER,
      JSON.stringify({ redisUrl: TEST_REDIS_URL, prefix: PREFIX, ...args }),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let stdout = '';
  const listeners: (() => void)[] = [];
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    for (const listener of listeners) listener();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const said = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (stdout.includes(text)) resolve();
      };
      listeners.push(check);
      check();
      void exited.then(() => reject(new Error(`the worker exited before saying ${text}`)));
    });
  return { child, said, exited };
}

const answer: LanguageModelV3GenerateResult = {
  content: [{ type: 'text', text: 'hi' }],
  finishReason: { unified: 'stop', raw: undefined },
  usage: {
    inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: 2, text: 2, reasoning: 0 },
  },
  warnings: [],
};
const request: ModelCallRequest = {
  role: 'agent',
  trial: { task_id: 'refund-1', attempt: 1, rerun: 0, seed: 1 },
  callIndex: 0,
  options: { prompt: [{ role: 'user', content: [{ type: 'text', text: 'hello' }] }] },
};

function callerOver(
  limiter: RequestLimiter,
  doGenerate: () => Promise<LanguageModelV3GenerateResult>,
) {
  return createModelCaller({
    model: 'openai-compatible:fake-model',
    languageModel: new MockLanguageModelV3({ doGenerate }),
    price: undefined,
    retry: { maxRetries: 2, baseDelayMs: 10, maxDelayMs: 10_000 },
    limiter,
    sleep,
    random: () => 0,
    now: Date.now,
  });
}

describe('createRedisRequestLimiter', () => {
  it('never runs more requests at once than the limit, across limiters on three connections', async () => {
    const endpoint = newEndpoint();
    const limiters = [connect(), connect(), connect()].map((redis) =>
      limiterOver(redis, endpoint, { maxConcurrentRequests: 4 }),
    );
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        limiters[index % 3]!.run(async () => {
          running++;
          most = Math.max(most, running);
          await sleep(15 + (index % 4) * 10);
          running--;
        }, signal),
      ),
    );
    expect(most).toBe(4);
    // Every slot is freed, within a round trip of its request's end (else: timeout).
    const { holders } = requestLimiterKeys(PREFIX, endpoint);
    while ((await admin.zcard(holders)) !== 0) await sleep(5);
  }, 10_000);

  it('never runs more requests at once than the limit, across three worker processes', async () => {
    const endpoint = newEndpoint();
    const workers = [1, 2, 3].map(() =>
      startWorker({ mode: 'load', endpoint, maxConcurrentRequests: 2, leaseMs: 5000, requests: 6 }),
    );
    expect(await Promise.all(workers.map((worker) => worker.exited))).toEqual([0, 0, 0]);
    expect(await admin.get(`${PREFIX}:test:most`)).toBe('2');
    expect(await admin.get(`${PREFIX}:test:running`)).toBe('0');
  }, 60_000);

  it('hands a slot this process frees to its next waiter at once, not at the next poll', async () => {
    // A poll a minute: were the waiter not woken by the release, the test would time out.
    const limiter = limiterOver(
      connect(),
      newEndpoint(),
      { maxConcurrentRequests: 1 },
      {
        pollMs: 60_000,
      },
    );
    const order: string[] = [];
    const first = limiter.run(async () => {
      order.push('first starts');
      await sleep(50);
      order.push('first ends');
    }, signal);
    await sleep(10);
    const second = limiter.run(() => {
      order.push('second starts');
      return Promise.resolve();
    }, signal);
    await Promise.all([first, second]);
    expect(order).toEqual(['first starts', 'first ends', 'second starts']);
  }, 10_000);

  it("hands an answered request's slot straight to a waiting caller, with no round trip to Redis", async () => {
    const redis = connect();
    const scripts = countScripts(redis);
    const endpoint = newEndpoint();
    const limiter = limiterOver(redis, endpoint, { maxConcurrentRequests: 1 }, { pollMs: 60_000 });
    const first = limiter.run(() => sleep(50), signal);
    await sleep(10);
    let heldWhileSecondRan = -1;
    const { holders } = requestLimiterKeys(PREFIX, endpoint);
    const second = limiter.run(async () => {
      heldWhileSecondRan = await admin.zcard(holders);
    }, signal);
    await Promise.all([first, second]);
    // The first request's slot was taken (1), the second found it full (2), then had it handed over.
    expect(scripts()).toBe(2);
    expect(heldWhileSecondRan).toBe(1);
    while ((await admin.zcard(holders)) !== 0) await sleep(5);
  }, 10_000);

  it('keeps the lease of a slot handed on from request to request for longer than the lease', async () => {
    const endpoint = newEndpoint();
    const leaseMs = 300;
    const [handing, other] = [connect(), connect()].map((redis) =>
      limiterOver(redis, endpoint, { maxConcurrentRequests: 1 }, { leaseMs, pollMs: 20 }),
    );
    let running = 0;
    let most = 0;
    const request = async (): Promise<void> => {
      running++;
      most = Math.max(most, running);
      await sleep(40);
      running--;
    };
    // Three callers keep the slot passing between them for about 1.2 s, four leases.
    const chain = Array.from({ length: 3 }, async () => {
      for (let index = 0; index < 10; index++) await handing!.run(request, signal);
    });
    await sleep(20);
    const outsider = other!.run(request, signal);
    await Promise.all([...chain, outsider]);
    expect(most).toBe(1);
  }, 20_000);

  it('polls Redis once for all the requests of a process that wait, not once each', async () => {
    const redis = connect();
    const scripts = countScripts(redis);
    const limiter = limiterOver(redis, newEndpoint(), { maxConcurrentRequests: 1 }, { pollMs: 50 });
    const holding = limiter.run(() => sleep(600), signal);
    await sleep(10);
    const order: number[] = [];
    const waiters = Array.from({ length: 10 }, (_, index) =>
      limiter.run(() => {
        order.push(index);
        return Promise.resolve();
      }, signal),
    );
    await Promise.all([holding, ...waiters]);
    // One poll every 50–63 ms for 600 ms while ten wait: about 10, not 100.
    expect(scripts()).toBeLessThan(1 + 10 + 20);
    // First come, first served within the process.
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  }, 10_000);

  it("frees a failed request's slot through Redis, so that the next request sees a pause", async () => {
    const redis = connect();
    const scripts = countScripts(redis);
    const limiter = limiterOver(
      redis,
      newEndpoint(),
      { maxConcurrentRequests: 1 },
      { pollMs: 60_000 },
    );
    const first = limiter.run(async () => {
      await sleep(50);
      throw new Error('429');
    }, signal);
    await sleep(10);
    const second = limiter.run(() => Promise.resolve('answered'), signal);
    await expect(first).rejects.toThrow('429');
    expect(await second).toBe('answered');
    // Taken, full, then taken from Redis once the first slot was freed there.
    expect(scripts()).toBe(3);
  }, 10_000);

  it("starts no handed-over request while another worker's pause is in force, a poll after it", async () => {
    const endpoint = newEndpoint();
    const pollMs = 100;
    const limiter = limiterOver(connect(), endpoint, { maxConcurrentRequests: 2 }, { pollMs });
    const other = limiterOver(connect(), endpoint, { maxConcurrentRequests: 2 });
    const started: number[] = [];
    const t0 = performance.now();
    const callers = Array.from({ length: 8 }, async () => {
      for (let index = 0; index < 8; index++) {
        await limiter.run(async () => {
          started.push(performance.now() - t0);
          await sleep(15);
        }, signal);
      }
    });
    await sleep(150);
    const pausedAt = performance.now() - t0;
    const pauseMs = 600;
    await other.pause(pauseMs);
    await Promise.all(callers);
    expect(started).toHaveLength(64);
    // A waiting caller's last look (a poll and its jitter) and a reply's trip: then nothing starts.
    const holdsFrom = pausedAt + pollMs * 1.25 + 50;
    expect(started.filter((at) => at > holdsFrom && at < pausedAt + pauseMs - 30)).toEqual([]);
    expect(started.filter((at) => at >= pausedAt + pauseMs - 30)).not.toEqual([]);
  }, 20_000);

  it('hands no slot over while a pause this process reported is in force', async () => {
    const limiter = limiterOver(
      connect(),
      newEndpoint(),
      { maxConcurrentRequests: 1 },
      { pollMs: 1000 },
    );
    const t0 = performance.now();
    const holding = limiter.run(() => sleep(80), signal);
    await sleep(10);
    let startedAt = 0;
    const waiting = limiter.run(() => {
      startedAt = performance.now() - t0;
      return Promise.resolve();
    }, signal);
    await sleep(20);
    // A 429 of another request of this process: the waiting caller has not looked since.
    await limiter.pause(400);
    const pausedAt = performance.now() - t0;
    await Promise.all([holding, waiting]);
    // The first request ended at 80 ms, inside the pause: its slot went back to Redis.
    expect(startedAt).toBeGreaterThan(pausedAt + 400 - 30);
  }, 10_000);

  it('hands no slot over under a per-minute limit: every start enters the window in Redis', async () => {
    const endpoint = newEndpoint();
    const limiter = limiterOver(
      connect(),
      endpoint,
      { maxConcurrentRequests: 1, requestsPerMinute: 100 },
      { pollMs: 60_000 },
    );
    await Promise.all(Array.from({ length: 4 }, () => limiter.run(() => sleep(20), signal)));
    expect(await admin.zcard(requestLimiterKeys(PREFIX, endpoint).starts)).toBe(4);
  }, 10_000);

  it('starts at most the per-minute limit within any window, across two connections', async () => {
    const endpoint = newEndpoint();
    const windowMs = 2000;
    const limiters = [connect(), connect()].map((redis) =>
      limiterOver(
        redis,
        endpoint,
        { maxConcurrentRequests: 50, requestsPerMinute: 5 },
        { windowMs },
      ),
    );
    const startedAt: number[] = [];
    await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        limiters[index % 2]!.run(() => {
          startedAt.push(Date.now());
          return Promise.resolve();
        }, signal),
      ),
    );
    startedAt.sort((a, b) => a - b);
    // The 6th start after any start comes a window later (less the time a reply takes to arrive).
    const gaps = startedAt.slice(5).map((at, index) => at - startedAt[index]!);
    expect(gaps).toHaveLength(7);
    for (const gap of gaps) expect(gap).toBeGreaterThan(windowMs - 250);
  }, 30_000);

  it('holds the requests of every limiter while a pause one of them reported is in force', async () => {
    const endpoint = newEndpoint();
    const { pause } = requestLimiterKeys(PREFIX, endpoint);
    const [first, second] = [connect(), connect()].map((redis) =>
      limiterOver(redis, endpoint, { maxConcurrentRequests: 4 }),
    );
    await first!.pause(600);
    // A shorter pause does not cut the first one short.
    await second!.pause(50);
    expect(await admin.pttl(pause)).toBeGreaterThan(100);
    const pauseLeftAtStart = await second!.run(() => admin.pttl(pause), signal);
    // -2: the pause key had expired when the request was let through.
    expect(pauseLeftAtStart).toBe(-2);
  });

  it("makes another worker's model caller wait out a 429's Retry-After", async () => {
    const endpoint = newEndpoint();
    const { pause } = requestLimiterKeys(PREFIX, endpoint);
    const [first, second] = [connect(), connect()].map((redis) =>
      limiterOver(redis, endpoint, { maxConcurrentRequests: 4 }),
    );
    let firstCalls = 0;
    const limited = callerOver(first!, () =>
      ++firstCalls === 1
        ? Promise.reject(
            new APICallError({
              message: 'Too many requests',
              url: 'http://127.0.0.1/v1/chat/completions',
              requestBodyValues: {},
              statusCode: 429,
              responseHeaders: { 'retry-after': '1' },
              isRetryable: true,
            }),
          )
        : Promise.resolve(answer),
    );
    let pauseLeftWhenSent: number | undefined;
    const other = callerOver(second!, async () => {
      pauseLeftWhenSent = await admin.pttl(pause);
      return answer;
    });
    const limitedDone = limited.call(request, signal);
    // The other call starts once the 429 has paused the endpoint.
    while ((await admin.pttl(pause)) < 0) await sleep(5);
    await other.call(request, signal);
    await limitedDone;
    expect(firstCalls).toBe(2);
    expect(pauseLeftWhenSent).toBe(-2);
  });

  it('frees the slot of a worker killed with SIGKILL once its lease runs out', async () => {
    const endpoint = newEndpoint();
    const { holders } = requestLimiterKeys(PREFIX, endpoint);
    const holder = startWorker({ mode: 'hold', endpoint, maxConcurrentRequests: 1, leaseMs: 1500 });
    await holder.said('holding');
    holder.child.kill('SIGKILL');
    await holder.exited;
    // The dead worker's slot is still taken: its lease has not run out yet.
    const [[, leaseEnd], [, time]] = (await admin
      .multi()
      .zrange(holders, 0, -1, 'WITHSCORES')
      .time()
      .exec()) as [[null, string[]], [null, [string, string]]];
    expect(leaseEnd).toHaveLength(2);
    const redisNow = Number(time[0]) * 1000 + Math.floor(Number(time[1]) / 1000);
    expect(Number(leaseEnd[1])).toBeGreaterThan(redisNow);
    const limiter = limiterOver(connect(), endpoint, { maxConcurrentRequests: 1 });
    const holdersWhenRun = await limiter.run(() => admin.zrange(holders, 0, -1), signal);
    expect(holdersWhenRun).toHaveLength(1);
    expect(holdersWhenRun[0]).not.toBe(leaseEnd[0]);
  }, 30_000);

  it('gives up waiting when the signal aborts, taking no slot', async () => {
    const endpoint = newEndpoint();
    const { holders } = requestLimiterKeys(PREFIX, endpoint);
    const limiter = limiterOver(connect(), endpoint, { maxConcurrentRequests: 1 });
    let release!: () => void;
    const holding = limiter.run(() => new Promise<void>((resolve) => (release = resolve)), signal);
    while ((await admin.zcard(holders)) === 0) await sleep(5);
    const controller = new AbortController();
    let ran = false;
    const waiting = limiter.run(() => {
      ran = true;
      return Promise.resolve();
    }, controller.signal);
    controller.abort(new Error('trial timed out'));
    await expect(waiting).rejects.toThrow('trial timed out');
    expect(await admin.zcard(holders)).toBe(1);
    release();
    await holding;
    expect(ran).toBe(false);
    // The slot is freed without waiting for Redis's reply: it goes within a round trip (else: timeout).
    while ((await admin.zcard(holders)) !== 0) await sleep(5);
  }, 10_000);

  it('leaves no poll pending once every waiting request has given up', async () => {
    const endpoint = newEndpoint();
    const limiter = limiterOver(connect(), endpoint, { maxConcurrentRequests: 1 });
    // Another worker's pause: the waiting request would next look a minute from now.
    await limiterOver(connect(), endpoint, { maxConcurrentRequests: 1 }).pause(60_000);
    const controller = new AbortController();
    const waiting = limiter.run(() => Promise.resolve(), controller.signal);
    await sleep(30);
    const timers = () =>
      (process as unknown as { getActiveResourcesInfo(): string[] })
        .getActiveResourcesInfo()
        .filter((kind) => kind === 'Timeout').length;
    const before = timers();
    controller.abort(new Error('trial timed out'));
    await expect(waiting).rejects.toThrow('trial timed out');
    expect(timers()).toBe(before - 1);
    await admin.del(requestLimiterKeys(PREFIX, endpoint).pause);
  }, 10_000);

  it('makes the trial invalid, never the agent at fault, when Redis does not answer', async () => {
    const unreachable = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    let sent = 0;
    const caller = callerOver(
      limiterOver(unreachable, newEndpoint(), { maxConcurrentRequests: 1 }),
      () => {
        sent++;
        return Promise.resolve(answer);
      },
    );
    const error: unknown = await caller.call(request, signal).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(AgentInfrastructureError);
    expect(error).toMatchObject({ terminal: 'environment_failure' });
    expect((error as Error).message).toContain('could not be read from Redis');
    expect(sent).toBe(0);
    unreachable.disconnect();
  });
});
