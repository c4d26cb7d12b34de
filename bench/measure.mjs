import { performance } from 'node:perf_hooks';

export const round = (value, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Mean microseconds per call of `work` over `count` calls (after a warm-up). */
export async function microseconds(count, work) {
  for (let i = 0; i < Math.min(200, count); i++) await work(i);
  const start = performance.now();
  for (let i = 0; i < count; i++) await work(i);
  return round(((performance.now() - start) * 1000) / count);
}
