import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { EndstateError, MAX_INPUT_FILE_BYTES, describeBytes } from '../core/index.js';
import type { ErrorCode, Problem } from '../core/index.js';

export type InputFile =
  | { readonly type: 'read'; readonly bytes: Buffer }
  | { readonly type: 'too-large'; readonly problem: Problem };

export interface InputFileOptions {
  /** How messages name the file: relative to the suite, or as the user typed it. */
  readonly file: string;
  /** What to do about a file over the limit, e.g. `split it into smaller files`. */
  readonly fix: string;
  /** Default {@link MAX_INPUT_FILE_BYTES}. */
  readonly maxBytes?: number;
}

const CHUNK_BYTES = 64 * 1024;

/**
 * The bytes of a file that is read whole and parsed, or the problem of a
 * file over `maxBytes`, found before anything is parsed: the size is taken
 * first, and no more than one byte past the limit is ever read (a file
 * that grows, or a pipe whose size is unknown, is caught too). A file that
 * cannot be opened throws as `readFileSync` would.
 */
export function readInputFile(path: string, options: InputFileOptions): InputFile {
  const maxBytes = options.maxBytes ?? MAX_INPUT_FILE_BYTES;
  // The size when the file system gives it; else only that there is more than the limit.
  const tooLarge = (size: number | undefined): InputFile => ({
    type: 'too-large',
    problem: {
      file: options.file,
      message: `is ${size === undefined ? '' : `${describeBytes(size)}, `}over the ${describeBytes(maxBytes)} limit for a file read whole, so it was not parsed: ${options.fix}`,
    },
  });
  const descriptor = openSync(path, 'r');
  try {
    const { size } = fstatSync(descriptor);
    if (size > maxBytes) return tooLarge(size);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const wanted = Math.min(Math.max(size + 1 - total, CHUNK_BYTES), maxBytes + 1 - total);
      if (wanted <= 0) break;
      const chunk = Buffer.allocUnsafe(wanted);
      const read = readSync(descriptor, chunk, 0, wanted, null);
      if (read === 0) break;
      chunks.push(chunk.subarray(0, read));
      total += read;
    }
    if (total > maxBytes) return tooLarge(undefined);
    return { type: 'read', bytes: Buffer.concat(chunks, total) };
  } finally {
    closeSync(descriptor);
  }
}

/**
 * {@link readInputFile} for a file named on the command line: a file over
 * the limit throws `code` naming the file (`what` says which it is, e.g.
 * `faults file`), its size, the limit and `fix`.
 */
export function readInputFileOrThrow(
  path: string,
  options: InputFileOptions & { readonly what: string; readonly code: ErrorCode },
): Buffer {
  const read = readInputFile(path, options);
  if (read.type === 'read') return read.bytes;
  throw new EndstateError(options.code, `${options.what} ${options.file} is too large to read`, {
    problems: [read.problem],
  });
}
