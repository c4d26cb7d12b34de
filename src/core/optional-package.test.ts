import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { isEndstateError } from './errors.js';
import { loadOptional } from './optional-package.js';

const MISSING = 'endstate-test-package-that-is-not-installed';
const require = createRequire(import.meta.url);

/** Node's own import of a package that is not installed (a variable, so no bundler resolves it first). */
const importMissing = (name: string): Promise<unknown> => import(name);

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('it loaded');
}

describe('loadOptional', () => {
  it('names the missing package, the feature and the npm install that adds it (E_PACKAGE_MISSING)', async () => {
    const error = await failureOf(
      loadOptional(() => importMissing(MISSING), {
        feature: 'the thing asked for',
        packages: ['some-other-package', MISSING],
      }),
    );
    expect(isEndstateError(error) && error.code).toBe('E_PACKAGE_MISSING');
    expect((error as Error).message).toContain(
      `the thing asked for needs the package ${MISSING}, which is not installed`,
    );
    expect((error as Error).message).toContain(
      `Hint: install them beside endstate: npm install some-other-package ${MISSING}`,
    );
  });

  it('knows a package that require() does not find', async () => {
    const error = await failureOf(
      loadOptional(() => Promise.resolve().then(() => require(MISSING) as unknown), {
        feature: 'the thing asked for',
        packages: [MISSING],
      }),
    );
    expect(isEndstateError(error) && error.code).toBe('E_PACKAGE_MISSING');
  });

  it('passes on a missing package it was not told of (a broken install of another package), and any other failure', async () => {
    const missing = await failureOf(
      loadOptional(() => importMissing(MISSING), { feature: 'x', packages: ['pg'] }),
    );
    expect(isEndstateError(missing)).toBe(false);
    expect((missing as Error).message).toContain(MISSING);
    const broken = new Error('boom');
    await expect(
      loadOptional(() => Promise.reject(broken), { feature: 'x', packages: [MISSING] }),
    ).rejects.toBe(broken);
  });

  it('returns what loads', async () => {
    await expect(
      loadOptional(() => import('node:path'), { feature: 'x', packages: ['node:path'] }),
    ).resolves.toHaveProperty('join');
  });
});
