import { z } from 'zod';

/** The version of the lock file format (`lock_version`). */
export const SUITE_LOCK_VERSION = 1;

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'expected a sha256 as 64 lowercase hex digits');

/** What a lock remembers of one task: its revision and what that revision meant. */
export const LockedTaskSchema = z.strictObject({
  revision: z.number().int().positive(),
  /** sha256 of the canonical JSON of the task document, without revision, description and labels. */
  hash: Sha256,
  /** The state hash of the task's s0 (its fixture, or the environment's). */
  s0_hash: Sha256,
});

/**
 * `<suite>/endstate.lock.json`, written by `endstate lock`: each task's
 * revision and content hash when the suite was locked. A run refuses a
 * task whose content changed while its revision stayed the same.
 */
export const SuiteLockSchema = z.strictObject({
  lock_version: z.literal(SUITE_LOCK_VERSION),
  suite: z.string(),
  tasks: z.record(z.string(), LockedTaskSchema),
});

export type LockedTask = z.infer<typeof LockedTaskSchema>;
export type SuiteLock = z.infer<typeof SuiteLockSchema>;
