import { describe, expect, it } from 'vitest';
import { findBubblewrap } from './find-bubblewrap.js';

describe('findBubblewrap', () => {
  it('finds bwrap on PATH', () => {
    expect(
      findBubblewrap({
        platform: 'linux',
        pathEnv: '/usr/local/bin:/usr/bin',
        isExecutable: (path) => path === '/usr/bin/bwrap',
      }),
    ).toBe('/usr/bin/bwrap');
  });

  it('says how to install it, or to pass --no-sandbox, when it is missing (exit 2)', () => {
    const find = () =>
      findBubblewrap({ platform: 'linux', pathEnv: '/usr/bin', isExecutable: () => false });
    expect(find).toThrow(/apt-get install bubblewrap/);
    expect(find).toThrow(/--no-sandbox/);
    expect(find).toThrow(expect.objectContaining({ code: 'E_SANDBOX' }));
  });

  it('says the sandbox needs Linux elsewhere', () => {
    expect(() =>
      findBubblewrap({ platform: 'darwin', pathEnv: '/usr/bin', isExecutable: () => true }),
    ).toThrow(/needs Linux.*darwin[\s\S]*--no-sandbox/);
  });
});
