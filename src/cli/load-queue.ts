import { loadOptional } from '../core/index.js';
import type * as QueueModule from '../queue/index.js';

/**
 * The queue module (BullMQ on Redis), loaded when a command asks for a
 * queue: bullmq and ioredis are optional peer dependencies, so a run
 * without `--queue` loads neither, and a default install has neither (a
 * clear E_PACKAGE_MISSING names the `npm install` that adds them).
 */
export function loadQueue(feature: string): Promise<typeof QueueModule> {
  return loadOptional(() => import('../queue/index.js'), {
    feature,
    packages: ['bullmq', 'ioredis'],
  });
}
