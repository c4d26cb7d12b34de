import { closeSync, existsSync, openSync, readSync } from 'node:fs';
import { resolve } from 'node:path';
import type { z } from 'zod';
import {
  EndstateError,
  MAX_JSON_LINE_BYTES,
  createProblemList,
  describeBytes,
} from '../core/index.js';
import { decodeUtf8, formatPath } from '../task/index.js';

/** One parsed line of a JSON-lines file, with its line number. */
export interface JsonLine<T> {
  readonly value: T;
  readonly line: number;
}

export interface ReadJsonLinesOptions<T> {
  readonly hint: string;
  /** How messages name the file, e.g. `judge validations file`; default `labels file`. */
  readonly what?: string;
  /** A problem of a parsed line: its message, or the field it is in and the message. */
  readonly check?: (
    value: T,
    line: number,
  ) => string | { readonly path: string; readonly message: string } | undefined;
  /** The longest line read, in bytes; default {@link MAX_JSON_LINE_BYTES}. */
  readonly maxLineBytes?: number;
}

/**
 * Reads a JSON-lines file against a schema, a line at a time (blank lines
 * are skipped), so a file of any length is read and no line is held past
 * `maxLineBytes`. Problems are given as file:line with the field they are
 * in; the first 20 are listed and the rest counted ("… and 980 more
 * problems"). `check` adds problems of a parsed line (a duplicate, a
 * missing field).
 */
export function readJsonLines<S extends z.ZodType>(
  path: string,
  cwd: string,
  schema: S,
  options: ReadJsonLinesOptions<z.infer<S>>,
): JsonLine<z.infer<S>>[] {
  const what = options.what ?? 'labels file';
  const file = resolve(cwd, path);
  if (!existsSync(file))
    throw new EndstateError('E_FILE_NOT_FOUND', `${what} ${path} does not exist`, {
      hint: options.hint,
    });
  const maxLineBytes = options.maxLineBytes ?? MAX_JSON_LINE_BYTES;
  const lines: JsonLine<z.infer<S>>[] = [];
  const problems = createProblemList();
  for (const read of readLines(file, maxLineBytes)) {
    const { line } = read;
    if (read.type === 'too-long') {
      problems.add({
        file: path,
        line,
        message: `is ${describeBytes(read.bytes)}, longer than the ${describeBytes(maxLineBytes)} limit for one line, so it was not read`,
      });
      continue;
    }
    const decoded = decodeUtf8(read.bytes, path, { line, offset: read.offset });
    if (decoded.type === 'invalid') {
      problems.add(decoded.problem);
      continue;
    }
    if (decoded.text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(decoded.text);
    } catch (error) {
      problems.add({ file: path, line, message: `not JSON: ${(error as Error).message}` });
      continue;
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        problems.add({ file: path, line, path: formatPath(issue.path), message: issue.message });
      continue;
    }
    const problem = options.check?.(parsed.data, line);
    if (problem !== undefined) {
      problems.add(
        typeof problem === 'string'
          ? { file: path, line, message: problem }
          : { file: path, line, path: problem.path, message: problem.message },
      );
      continue;
    }
    lines.push({ value: parsed.data, line });
  }
  if (problems.size > 0)
    throw new EndstateError('E_LABELS_INVALID', `${what} ${path} is not valid`, {
      ...problems.errorOptions(),
      hint: options.hint,
    });
  return lines;
}

type ReadLine =
  | {
      readonly type: 'line';
      readonly line: number;
      readonly offset: number;
      readonly bytes: Buffer;
    }
  | { readonly type: 'too-long'; readonly line: number; readonly bytes: number };

const CHUNK_BYTES = 64 * 1024;

/**
 * The lines of a file without their `\n`, read in chunks: a line longer
 * than `maxLineBytes` is counted to its end but not kept.
 */
function* readLines(file: string, maxLineBytes: number): Generator<ReadLine> {
  const descriptor = openSync(file, 'r');
  try {
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    let pieces: Buffer[] = [];
    let length = 0;
    let line = 1;
    let offset = 0;
    const end = (): ReadLine => {
      const done: ReadLine =
        length > maxLineBytes
          ? { type: 'too-long', line, bytes: length }
          : { type: 'line', line, offset, bytes: Buffer.concat(pieces, length) };
      offset += length + 1;
      line++;
      pieces = [];
      length = 0;
      return done;
    };
    for (;;) {
      const read = readSync(descriptor, chunk, 0, CHUNK_BYTES, null);
      if (read === 0) break;
      let start = 0;
      while (start < read) {
        const newline = chunk.indexOf(0x0a, start);
        const stop = newline === -1 || newline >= read ? read : newline;
        // Past the limit the line is only measured: nothing more of it is kept.
        if (length + (stop - start) <= maxLineBytes)
          pieces.push(Buffer.from(chunk.subarray(start, stop)));
        length += stop - start;
        if (stop === read) break;
        yield end();
        start = stop + 1;
      }
    }
    if (length > 0) yield end();
  } finally {
    closeSync(descriptor);
  }
}
