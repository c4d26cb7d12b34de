/**
 * A worker process for the Redis request limiter tests, started with
 * `node --import tsx test/support/request-limiter-worker.ts '<json>'`.
 *
 * - `mode: "load"`: runs `requests` requests at once through the limiter;
 *   each counts itself in `<prefix>:test:running` and raises
 *   `<prefix>:test:most` to the highest count seen, holds its slot for
 *   `holdMs`, and the process prints `done` and exits.
 * - `mode: "hold"`: takes one slot, prints `holding`, and never lets go
 *   (the test kills it with SIGKILL).
 */
import { Redis } from 'ioredis';
import { createRedisRequestLimiter } from '../../src/queue/redis-request-limiter.js';

interface WorkerArgs {
  readonly mode: 'load' | 'hold';
  readonly redisUrl: string;
  readonly prefix: string;
  readonly endpoint: string;
  readonly maxConcurrentRequests: number;
  readonly leaseMs: number;
  readonly requests?: number;
  readonly holdMs?: number;
}

const COUNT = `
local running = redis.call('INCR', KEYS[1])
if running > tonumber(redis.call('GET', KEYS[2]) or '0') then redis.call('SET', KEYS[2], running) end
return running
`;

const args = JSON.parse(process.argv[2] ?? '{}') as WorkerArgs;
const redis = new Redis(args.redisUrl, { maxRetriesPerRequest: 1 });
const limiter = createRedisRequestLimiter({
  redis,
  prefix: args.prefix,
  endpoint: args.endpoint,
  limits: { maxConcurrentRequests: args.maxConcurrentRequests },
  leaseMs: args.leaseMs,
  pollMs: 20,
});
const signal = new AbortController().signal;

if (args.mode === 'hold') {
  void limiter.run(() => {
    process.stdout.write('holding\n');
    return new Promise<never>(() => {});
  }, signal);
} else {
  const running = `${args.prefix}:test:running`;
  const most = `${args.prefix}:test:most`;
  await Promise.all(
    Array.from({ length: args.requests ?? 1 }, () =>
      limiter.run(async () => {
        await redis.eval(COUNT, 2, running, most);
        await new Promise((resolve) => setTimeout(resolve, args.holdMs ?? 20));
        await redis.decr(running);
      }, signal),
    ),
  );
  await redis.quit();
  process.stdout.write('done\n');
}
