import { describe, expect, it } from 'vitest';
import { createWriteTracker } from './write-tracker.js';

describe('createWriteTracker', () => {
  it('waits for every write and keeps the first error', async () => {
    const tracker = createWriteTracker();
    const order: string[] = [];
    let fail: (error: Error) => void = () => undefined;
    tracker.track(new Promise((resolve) => setTimeout(() => (order.push('a'), resolve()), 5)));
    tracker.track(new Promise((_resolve, reject) => (fail = reject)));
    tracker.track(Promise.reject(new Error('second')));
    setTimeout(() => fail(new Error('late')), 10);
    await tracker.settled();
    expect(order).toEqual(['a']);
    expect(tracker.error?.message).toBe('second');
  });

  it('is settled at once when nothing is pending', async () => {
    await expect(createWriteTracker().settled()).resolves.toBeUndefined();
  });
});
