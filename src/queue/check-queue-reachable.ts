import { Redis } from 'ioredis';
import { EndstateError } from '../core/index.js';
import type { QueueAddress } from './queue-address.js';

/**
 * One PING before anything is planned or stored: BullMQ's clients wait
 * for Redis for ever, so a wrong address would otherwise hang the command.
 */
export async function checkQueueReachable(address: QueueAddress, timeoutMs = 5000): Promise<void> {
  const client = new Redis({
    ...address.connection,
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => {
    // Reported below, by the failed connect or ping.
  });
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    throw new EndstateError('E_QUEUE', `cannot reach the queue at ${address.shown}`, {
      hint: 'Start Redis there, or pass the address it answers at: --queue redis://HOST:PORT[/DB].',
      cause: error,
    });
  } finally {
    client.disconnect();
  }
}
