import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { EndstateError } from '../core/index.js';

/**
 * The key a store seals its records with (32 random bytes), and the runs it
 * held before it sealed anything. It lives beside the store, readable by
 * its owner only (mode 0600), out of reach of sandboxed agents.
 */
export interface StoreKey {
  readonly key: Uint8Array;
  /** Runs written before the store sealed records: reported as unsealed, not tampered. */
  readonly unsealedRuns: ReadonlySet<string>;
}

/** Bytes of key. */
export const STORE_KEY_BYTES = 32;

const StoreKeyFileSchema = z.object({
  version: z.literal(1),
  key: z.string(),
  unsealed_runs: z.array(z.string()),
});

/** `<store>.key`: the key file of the store at `storePath`. */
export function storeKeyPath(storePath: string): string {
  return `${storePath}.key`;
}

/** A fresh key, not written anywhere (a memory store's). */
export function newStoreKey(unsealedRuns: readonly string[] = []): StoreKey {
  return { key: randomBytes(STORE_KEY_BYTES), unsealedRuns: new Set(unsealedRuns) };
}

/** Writes a new key file (mode 0600); fails if one exists. */
export function createStoreKeyFile(path: string, unsealedRuns: readonly string[]): StoreKey {
  const created = newStoreKey(unsealedRuns);
  const text = JSON.stringify({
    version: 1,
    key: Buffer.from(created.key).toString('base64'),
    unsealed_runs: [...unsealedRuns],
  });
  writeFileSync(path, `${text}\n`, { mode: 0o600, flag: 'wx' });
  return created;
}

/** Reads a key file; undefined when there is none. */
export function readStoreKeyFile(path: string): StoreKey | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new EndstateError('E_STORE', `cannot read the store's key file ${path}`, {
      cause: error,
      hint: 'Check its permissions: endstate needs to read it to seal and check results.',
    });
  }
  let parsed: z.infer<typeof StoreKeyFileSchema>;
  try {
    parsed = StoreKeyFileSchema.parse(JSON.parse(text));
  } catch (error) {
    throw new EndstateError('E_STORE', `the store's key file ${path} is not a key file`, {
      cause: error,
      hint: 'It was changed outside endstate: restore it from a backup; without it no run of this store can be verified.',
    });
  }
  const key = Buffer.from(parsed.key, 'base64');
  if (key.length !== STORE_KEY_BYTES) {
    throw new EndstateError(
      'E_STORE',
      `the store's key file ${path} holds ${key.length} bytes of key, not ${STORE_KEY_BYTES}`,
      { hint: 'It was changed outside endstate: restore it from a backup.' },
    );
  }
  return { key, unsealedRuns: new Set(parsed.unsealed_runs) };
}
