import { closeSync, openSync, writeSync } from 'node:fs';
import { jsonChunks } from '../core/index.js';

/** Bytes gathered before each write. */
const WRITE_BATCH_CHARS = 1 << 20;

/**
 * Writes `value` as indented JSON and a newline (the text of
 * `JSON.stringify(value, null, 2)`), a piece at a time: a run's JSON can
 * be longer than any one string may be, and is never held whole.
 */
export function writeJsonFile(path: string, value: unknown): void {
  const fd = openSync(path, 'w');
  try {
    let batch: string[] = [];
    let size = 0;
    const flush = (): void => {
      const bytes = Buffer.from(batch.join(''), 'utf8');
      for (let written = 0; written < bytes.length;)
        written += writeSync(fd, bytes, written, bytes.length - written);
      batch = [];
      size = 0;
    };
    for (const chunk of jsonChunks(value)) {
      batch.push(chunk);
      size += chunk.length;
      if (size >= WRITE_BATCH_CHARS) flush();
    }
    batch.push('\n');
    flush();
  } finally {
    closeSync(fd);
  }
}
