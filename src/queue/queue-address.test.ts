import { describe, expect, it } from 'vitest';
import { DEFAULT_QUEUE_NAME, DEFAULT_QUEUE_PREFIX, parseQueueAddress } from './queue-address.js';

describe('parseQueueAddress', () => {
  it('reads host, port, database, queue name and prefix', () => {
    const address = parseQueueAddress(
      'redis://:s3cret@cache.internal:6380/3?queue=nightly&prefix=team-a',
    );
    expect(address.connection).toEqual({
      host: 'cache.internal',
      port: 6380,
      db: 3,
      password: 's3cret',
    });
    expect(address.name).toBe('nightly');
    expect(address.prefix).toBe('team-a');
    expect(address.shown).not.toContain('s3cret');
  });

  it('defaults to port 6379, database 0 and the endstate queue', () => {
    const address = parseQueueAddress('redis://127.0.0.1');
    expect(address.connection).toEqual({ host: '127.0.0.1', port: 6379, db: 0 });
    expect([address.name, address.prefix]).toEqual([DEFAULT_QUEUE_NAME, DEFAULT_QUEUE_PREFIX]);
  });

  it.each([
    ['http://127.0.0.1:6379', /does not start with redis:\/\//],
    ['redis://127.0.0.1/x', /database "x" is not a number/],
    ['redis://127.0.0.1?queue=a:b', /queue "a:b" must be/],
    ['redis://127.0.0.1?que=a', /unknown parameter "que"/],
    ['127.0.0.1:6379', /is not a URL|does not start with redis/],
  ])('refuses %s, naming --queue', (url, message) => {
    expect(() => parseQueueAddress(url)).toThrowError(message);
    expect(() => parseQueueAddress(url)).toThrowError(/--queue/);
  });
});
