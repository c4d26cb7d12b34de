import { appendFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { JudgeValidationSchema } from '../schema/index.js';
import type { JudgeValidation } from '../schema/index.js';
import { readJsonLines } from './read-json-lines.js';
import { filesBesideStore } from './files-beside-store.js';
import type { StoreBeside } from './files-beside-store.js';

/** The validations on record live beside the store: `.endstate/judge-validations.jsonl` by default. */
export function judgeValidationsPath(store: StoreBeside): string {
  return join(filesBesideStore(store), 'judge-validations.jsonl');
}

/**
 * Every validation on record (none when the file does not exist yet). A
 * line that is not a validation stops the report with its line number:
 * an unreadable record must not quietly turn a judge unvalidated.
 */
export function readJudgeValidations(file: string): JudgeValidation[] {
  if (!existsSync(file)) return [];
  // The file's path is absolute (beside the store), so no working folder is read.
  return readJsonLines(file, dirname(file), JudgeValidationSchema, {
    what: 'judge validations file',
    hint: 'Each line is written by endstate judge validate --record; remove or fix the lines named.',
  }).map((line) => line.value);
}

/** Adds one validation as a line at the end of the file (made with its folder if needed). */
export function appendJudgeValidation(file: string, validation: JudgeValidation): void {
  mkdirSync(dirname(file), { recursive: true });
  appendFileSync(file, `${JSON.stringify(JudgeValidationSchema.parse(validation))}\n`);
}
