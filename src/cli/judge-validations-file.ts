import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { EndstateError } from '../core/index.js';
import type { Problem } from '../core/index.js';
import { JudgeValidationSchema } from '../schema/index.js';
import type { JudgeValidation } from '../schema/index.js';
import { formatPath } from '../task/index.js';
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
  const validations: JudgeValidation[] = [];
  const problems: Problem[] = [];
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((text, index) => {
      if (text.trim() === '') return;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (error) {
        problems.push({ file, line: index + 1, message: `not JSON: ${(error as Error).message}` });
        return;
      }
      const parsed = JudgeValidationSchema.safeParse(value);
      if (parsed.success) validations.push(parsed.data);
      else {
        for (const issue of parsed.error.issues)
          problems.push({
            file,
            line: index + 1,
            path: formatPath(issue.path),
            message: issue.message,
          });
      }
    });
  if (problems.length > 0) {
    throw new EndstateError('E_LABELS_INVALID', `judge validations file ${file} is not valid`, {
      problems,
      hint: 'Each line is written by endstate judge validate --record; remove or fix the lines named.',
    });
  }
  return validations;
}

/** Adds one validation as a line at the end of the file (made with its folder if needed). */
export function appendJudgeValidation(file: string, validation: JudgeValidation): void {
  mkdirSync(dirname(file), { recursive: true });
  appendFileSync(file, `${JSON.stringify(JudgeValidationSchema.parse(validation))}\n`);
}
