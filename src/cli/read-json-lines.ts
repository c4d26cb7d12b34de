import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { z } from 'zod';
import { EndstateError } from '../core/index.js';
import type { Problem } from '../core/index.js';
import { decodeUtf8, formatPath } from '../task/index.js';

/** One parsed line of a JSON-lines file, with its line number. */
export interface JsonLine<T> {
  readonly value: T;
  readonly line: number;
}

/**
 * Reads a JSON-lines file against a schema (blank lines are skipped).
 * Every problem is listed at once as file:line, with the field it is in;
 * `check` adds problems of a parsed line (a duplicate, a missing field).
 */
export function readJsonLines<S extends z.ZodType>(
  path: string,
  cwd: string,
  schema: S,
  options: {
    readonly hint: string;
    /** A problem of a parsed line: its message, or the field it is in and the message. */
    readonly check?: (
      value: z.infer<S>,
      line: number,
    ) => string | { readonly path: string; readonly message: string } | undefined;
  },
): JsonLine<z.infer<S>>[] {
  const file = resolve(cwd, path);
  if (!existsSync(file))
    throw new EndstateError('E_FILE_NOT_FOUND', `labels file ${path} does not exist`, {
      hint: options.hint,
    });
  const decoded = decodeUtf8(readFileSync(file), path);
  if (decoded.type === 'invalid')
    throw new EndstateError('E_LABELS_INVALID', `labels file ${path} is not UTF-8`, {
      problems: [decoded.problem],
    });
  const lines: JsonLine<z.infer<S>>[] = [];
  const problems: Problem[] = [];
  decoded.text.split('\n').forEach((text, index) => {
    const line = index + 1;
    if (text.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      problems.push({ file: path, line, message: `not JSON: ${(error as Error).message}` });
      return;
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        problems.push({ file: path, line, path: formatPath(issue.path), message: issue.message });
      return;
    }
    const problem = options.check?.(parsed.data, line);
    if (problem !== undefined) {
      problems.push(
        typeof problem === 'string'
          ? { file: path, line, message: problem }
          : { file: path, line, path: problem.path, message: problem.message },
      );
      return;
    }
    lines.push({ value: parsed.data, line });
  });
  if (problems.length > 0)
    throw new EndstateError('E_LABELS_INVALID', `labels file ${path} is not valid`, {
      problems,
      hint: options.hint,
    });
  return lines;
}
