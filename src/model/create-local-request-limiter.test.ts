import { describe, expect, it } from 'vitest';
import { REQUEST_WINDOW_MS, createLocalRequestLimiter } from './create-local-request-limiter.js';
import { createFakeClock } from '../testing/index.js';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const signal = new AbortController().signal;

describe('createLocalRequestLimiter', () => {
  it('never lets more requests run at once than the limit, and runs every one', async () => {
    const clock = createFakeClock();
    const limiter = createLocalRequestLimiter({ maxConcurrentRequests: 3 }, clock);
    const gates = Array.from({ length: 10 }, deferred);
    let running = 0;
    let most = 0;
    const done = gates.map((gate) =>
      limiter.run(async () => {
        running++;
        most = Math.max(most, running);
        await gate.promise;
        running--;
      }, signal),
    );
    for (const gate of gates) {
      await clock.advanceTo(0);
      gate.resolve();
    }
    await Promise.all(done);
    expect(most).toBe(3);
    expect(running).toBe(0);
  });

  it('starts at most the per-minute limit in any rolling minute', async () => {
    const clock = createFakeClock();
    const limiter = createLocalRequestLimiter(
      { maxConcurrentRequests: 100, requestsPerMinute: 5 },
      clock,
    );
    const startedAt: number[] = [];
    const done = Array.from({ length: 12 }, () =>
      limiter.run(() => {
        startedAt.push(clock.now());
        return Promise.resolve();
      }, signal),
    );
    await clock.advanceTo(REQUEST_WINDOW_MS - 1);
    expect(startedAt).toHaveLength(5);
    await clock.advanceTo(2 * REQUEST_WINDOW_MS);
    await Promise.all(done);
    expect(startedAt).toEqual([
      ...Array<number>(5).fill(0),
      ...Array<number>(5).fill(REQUEST_WINDOW_MS),
      ...Array<number>(2).fill(2 * REQUEST_WINDOW_MS),
    ]);
  });

  it('holds every later request until a reported pause ends', async () => {
    const clock = createFakeClock();
    const limiter = createLocalRequestLimiter({ maxConcurrentRequests: 4 }, clock);
    await clock.advanceTo(1000);
    await limiter.pause(30_000);
    // A shorter pause reported meanwhile does not cut the first one short.
    await limiter.pause(5000);
    const startedAt: number[] = [];
    const done = [1, 2].map(() =>
      limiter.run(() => {
        startedAt.push(clock.now());
        return Promise.resolve();
      }, signal),
    );
    await clock.advanceTo(30_999);
    expect(startedAt).toEqual([]);
    await clock.advanceTo(31_000);
    await Promise.all(done);
    expect(startedAt).toEqual([31_000, 31_000]);
  });

  it('frees the slot of a request that fails', async () => {
    const clock = createFakeClock();
    const limiter = createLocalRequestLimiter({ maxConcurrentRequests: 1 }, clock);
    const failing = limiter.run(() => Promise.reject(new Error('HTTP 500')), signal);
    await expect(failing).rejects.toThrow('HTTP 500');
    await expect(limiter.run(() => Promise.resolve('next'), signal)).resolves.toBe('next');
  });

  it('rejects a waiting request whose signal aborts, without taking a slot', async () => {
    const clock = createFakeClock();
    const limiter = createLocalRequestLimiter({ maxConcurrentRequests: 1 }, clock);
    const gate = deferred();
    const holder = limiter.run(() => gate.promise, signal);
    const controller = new AbortController();
    let ran = false;
    const waiting = limiter.run(() => {
      ran = true;
      return Promise.resolve();
    }, controller.signal);
    await clock.advanceTo(0);
    controller.abort(new Error('trial timed out'));
    await expect(waiting).rejects.toThrow('trial timed out');
    gate.resolve();
    await holder;
    await expect(limiter.run(() => Promise.resolve('after'), signal)).resolves.toBe('after');
    expect(ran).toBe(false);
  });
});
