import { createHmac, timingSafeEqual } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { EndstateError, canonicalJson } from '../core/index.js';
import { RunStatusSchema } from '../schema/index.js';
import type { RunStatus } from '../schema/index.js';

/**
 * One line of a store's ledger: a run this store was seen to hold
 * (`run-seen`, when the ledger was started beside a store that already
 * held runs), a run created through it (`run-created`), or a run closed
 * through it (`run-closed`, with its trial count and its seal's MAC).
 */
const LedgerEntrySchema = z.discriminatedUnion('type', [
  z.object({
    v: z.literal(1),
    type: z.enum(['run-seen', 'run-created']),
    run_id: z.string(),
    created_at: z.string(),
    mac: z.string(),
  }),
  z.object({
    v: z.literal(1),
    type: z.literal('run-closed'),
    run_id: z.string(),
    created_at: z.string(),
    status: RunStatusSchema,
    trials: z.number().int().nonnegative(),
    seal: z.string(),
    mac: z.string(),
  }),
]);

type LedgerLine = z.infer<typeof LedgerEntrySchema>;

/** An entry to append, without the version and MAC the ledger adds. */
export type LedgerEntry = DistributiveOmit<LedgerLine, 'v' | 'mac'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** How a run was last closed, as its ledger recorded it. */
export interface WitnessedClose {
  readonly status: RunStatus;
  /** Trials its seal listed. */
  readonly trials: number;
  /** The MAC of the run's seal written then (see RunSeal). */
  readonly seal: string;
}

/** A run a ledger lists. */
export interface WitnessedRun {
  readonly run_id: string;
  readonly created_at: string;
  /** The last closing; absent while the run was never closed through this ledger. */
  readonly closed?: WitnessedClose;
}

/**
 * The witness of which runs a store held, kept beside its key and out of
 * the store's reach: a run removed from the store's tables stays listed
 * here, so it shows as gone. Every line carries an HMAC under the store's
 * key. Read afresh on every call: other processes append to it.
 */
export interface RunLedger {
  /** Where it is kept, for messages. */
  readonly location: string;
  /** True once the ledger has been started (a memory ledger always is). */
  exists(): boolean;
  /** The runs it lists, in the order they were first listed. */
  read(): ReadonlyMap<string, WitnessedRun>;
  /**
   * Appends entries. `start` are written first when this call starts the
   * ledger (the runs the store held before it had one); ignored otherwise.
   */
  append(entries: readonly LedgerEntry[], start?: readonly LedgerEntry[]): void;
}

/** `<store>.ledger` beside `<store>.key`: the ledger of the store whose key is at `keyPath`. */
export function ledgerPathOf(keyPath: string): string {
  return keyPath.endsWith('.key')
    ? `${keyPath.slice(0, -'.key'.length)}.ledger`
    : `${keyPath}.ledger`;
}

function macOf(key: Uint8Array, entry: LedgerEntry): string {
  return createHmac('sha256', key)
    .update(canonicalJson({ kind: 'ledger', entry }))
    .digest('hex');
}

function lineOf(key: Uint8Array, entry: LedgerEntry): string {
  return `${JSON.stringify({ v: 1, ...entry, mac: macOf(key, entry) })}\n`;
}

/** The runs listed by `lines` (checked against `key`), in order; a line that does not check throws. */
function witnessedRuns(
  lines: readonly LedgerLine[],
  key: Uint8Array,
  problemAt: (index: number, message: string) => Error,
): Map<string, WitnessedRun> {
  const runs = new Map<string, WitnessedRun>();
  lines.forEach((line, index) => {
    const { v: _version, mac, ...entry } = line;
    const expected = Buffer.from(macOf(key, entry), 'hex');
    const stored = Buffer.from(mac, 'hex');
    if (stored.length !== expected.length || !timingSafeEqual(stored, expected))
      throw problemAt(
        index,
        'does not match its MAC (changed outside endstate, or made under another key)',
      );
    const known = runs.get(entry.run_id);
    const created_at = known?.created_at ?? entry.created_at;
    if (entry.type === 'run-closed') {
      const { status, trials, seal } = entry;
      runs.set(entry.run_id, {
        run_id: entry.run_id,
        created_at,
        closed: { status, trials, seal },
      });
    } else if (known === undefined) {
      runs.set(entry.run_id, { run_id: entry.run_id, created_at });
    }
  });
  return runs;
}

/** A ledger in memory (a memory store's), started empty. */
export function createMemoryLedger(key: Uint8Array): RunLedger {
  const lines: LedgerLine[] = [];
  return {
    location: 'the memory store’s ledger',
    exists: () => true,
    read: () =>
      witnessedRuns(lines, key, (index, message) => new Error(`entry ${index + 1} ${message}`)),
    append(entries) {
      for (const entry of entries) lines.push({ v: 1, ...entry, mac: macOf(key, entry) });
    },
  };
}

/**
 * The ledger in the file at `path` (JSON lines, mode 0600), its lines
 * sealed with `key`. The file is made by the first append; each append is
 * one write in append mode, so processes sharing the store add lines
 * without losing each other's.
 */
export function openLedgerFile(path: string, key: Uint8Array): RunLedger {
  const broken = (message: string, cause?: unknown): EndstateError =>
    new EndstateError('E_STORE', `the store's ledger ${path} ${message}`, {
      ...(cause === undefined ? {} : { cause }),
      hint: 'It is kept beside the key and changed only by endstate: restore it from a backup. Without it, runs removed from the store cannot be found.',
    });
  return {
    location: path,
    exists: () => existsSync(path),
    read() {
      let text: string;
      try {
        text = readFileSync(path, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
        throw new EndstateError('E_STORE', `cannot read the store's ledger ${path}`, {
          cause: error,
          hint: 'Check its permissions: endstate reads it to find runs removed from the store.',
        });
      }
      const lines = text
        .split('\n')
        .map((line, index) => ({ line, index }))
        .filter(({ line }) => line.trim() !== '');
      const parsed = lines.map(({ line, index }) => {
        try {
          return LedgerEntrySchema.parse(JSON.parse(line));
        } catch (error) {
          throw broken(`line ${index + 1} is not a ledger entry`, error);
        }
      });
      return witnessedRuns(parsed, key, (at, message) =>
        broken(`line ${lines[at]!.index + 1} ${message}`),
      );
    },
    append(entries, start = []) {
      const text = (lines: readonly LedgerEntry[]): string =>
        lines.map((entry) => lineOf(key, entry)).join('');
      try {
        if (start.length > 0 && !existsSync(path)) {
          try {
            writeFileSync(path, text([...start, ...entries]), { mode: 0o600, flag: 'wx' });
            return;
          } catch (error) {
            // Another process started it first: its start lists the same runs.
            if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
          }
        }
        appendFileSync(path, text(entries), { mode: 0o600 });
      } catch (error) {
        throw new EndstateError('E_STORE', `cannot write the store's ledger ${path}`, {
          cause: error,
          hint: 'Check its folder is writable: the ledger is how runs removed from the store are found, so runs are not stored without it.',
        });
      }
    },
  };
}
