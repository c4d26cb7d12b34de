import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * The request limiter's atomic steps, as Lua run inside Redis: each reads
 * the time from Redis itself (`TIME`), so the leases, the window and the
 * pause mean the same to every worker whatever its own clock says.
 */
export interface LimiterScript {
  readonly lua: string;
  readonly sha1: string;
}

function script(lua: string): LimiterScript {
  return { lua, sha1: createHash('sha1').update(lua).digest('hex') };
}

const NOW = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
`;

/**
 * Takes a slot if no pause is in force, fewer than ARGV[2] leases are live
 * and (ARGV[3] > 0) fewer than ARGV[3] requests started in the last
 * ARGV[5] ms. Returns {1, 0} when taken, else {0, wait ms, reason}: 1 a
 * pause (wait: until it ends), 2 every slot held (wait: until the first
 * lease would expire), 3 the window full (wait: until its oldest leaves).
 * KEYS: holders (zset token -> lease end), starts (zset token -> start), pause.
 * ARGV: token, max in flight, max per window (0: none), lease ms, window ms.
 */
export const ACQUIRE = script(`${NOW}
local holders, starts, pause = KEYS[1], KEYS[2], KEYS[3]
local token = ARGV[1]
local maxInFlight = tonumber(ARGV[2])
local perWindow = tonumber(ARGV[3])
local leaseMs = tonumber(ARGV[4])
local windowMs = tonumber(ARGV[5])
local paused = redis.call('PTTL', pause)
if paused > 0 then return {0, paused, 1} end
redis.call('ZREMRANGEBYSCORE', holders, '-inf', now)
if redis.call('ZCARD', holders) >= maxInFlight then
  local first = redis.call('ZRANGE', holders, 0, 0, 'WITHSCORES')
  return {0, tonumber(first[2]) - now, 2}
end
if perWindow > 0 then
  redis.call('ZREMRANGEBYSCORE', starts, '-inf', now - windowMs)
  local count = redis.call('ZCARD', starts)
  if count >= perWindow then
    local oldest = redis.call('ZRANGE', starts, count - perWindow, count - perWindow, 'WITHSCORES')
    return {0, tonumber(oldest[2]) + windowMs - now, 3}
  end
  redis.call('ZADD', starts, now, token)
  redis.call('PEXPIRE', starts, windowMs)
end
redis.call('ZADD', holders, now + leaseMs, token)
redis.call('PEXPIRE', holders, leaseMs)
return {1, 0, 0}
`);

/**
 * Extends a live lease by ARGV[2] ms from now; 0 when it had already
 * expired (its slot may have gone to another request meanwhile).
 * KEYS: holders. ARGV: token, lease ms.
 */
export const RENEW = script(`${NOW}
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not score or tonumber(score) <= now then
  redis.call('ZREM', KEYS[1], ARGV[1])
  return 0
end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
`);

/** Makes the pause last at least ARGV[1] ms from now; a longer one in force stays. KEYS: pause. */
export const PAUSE = script(`
local ms = tonumber(ARGV[1])
if redis.call('PTTL', KEYS[1]) < ms then
  redis.call('SET', KEYS[1], '1', 'PX', ms)
end
return 1
`);

/** Runs a script by its SHA-1, loading it first when this server has not seen it. */
export async function runScript(
  redis: Redis,
  { lua, sha1 }: LimiterScript,
  keys: readonly string[],
  args: readonly (string | number)[],
): Promise<unknown> {
  try {
    return await redis.evalsha(sha1, keys.length, ...keys, ...args);
  } catch (error) {
    if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
    return redis.eval(lua, keys.length, ...keys, ...args);
  }
}
