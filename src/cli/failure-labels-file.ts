import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { StoredFailureLabelSchema } from '../schema/index.js';
import type { StoredFailureLabel } from '../schema/index.js';
import { readJsonLines } from './read-json-lines.js';
import { filesBesideStore } from './files-beside-store.js';
import type { StoreBeside } from './files-beside-store.js';

/** Where imported failure labels live: `failure-labels.jsonl` beside the result store. */
export function failureLabelsPath(store: StoreBeside): string {
  return join(filesBesideStore(store), 'failure-labels.jsonl');
}

/** The trial a label is of, and who gave it: one stored label per key. */
export const storedLabelKey = (label: StoredFailureLabel): string =>
  JSON.stringify([label.run_id, label.task_id, label.attempt, label.rerun, label.labeller]);

/** The imported failure labels beside a store; none when nothing was imported. */
export function readStoredFailureLabels(store: StoreBeside, cwd: string): StoredFailureLabel[] {
  const path = failureLabelsPath(store);
  if (!existsSync(path)) return [];
  return readJsonLines(relative(cwd, path) || path, cwd, StoredFailureLabelSchema, {
    hint: 'The file is written by `endstate labels import`; remove the broken lines or the file and import again.',
  }).map((line) => line.value);
}

/** Adds labels to the stored ones, a new label of the same trial by the same labeller replacing the old. */
export function writeStoredFailureLabels(
  store: StoreBeside,
  cwd: string,
  labels: readonly StoredFailureLabel[],
): { readonly path: string; readonly total: number; readonly replaced: number } {
  const byKey = new Map(readStoredFailureLabels(store, cwd).map((l) => [storedLabelKey(l), l]));
  let replaced = 0;
  for (const label of labels) {
    if (byKey.has(storedLabelKey(label))) replaced++;
    byKey.set(storedLabelKey(label), label);
  }
  const path = failureLabelsPath(store);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, [...byKey.values()].map((label) => `${JSON.stringify(label)}\n`).join(''));
  return { path, total: byKey.size, replaced };
}
