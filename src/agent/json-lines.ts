import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';

/** One line read from a JSON-lines stream, numbered from 1 (blank lines count but are skipped). */
export type JsonLine =
  | {
      readonly type: 'value';
      readonly lineNumber: number;
      readonly text: string;
      readonly value: unknown;
    }
  | {
      readonly type: 'invalid';
      readonly lineNumber: number;
      readonly text: string;
      readonly message: string;
    }
  | { readonly type: 'end' };

export interface JsonLineReader {
  /** The next non-blank line, parsed; `end` once the stream has ended (and every call after). */
  next(): Promise<JsonLine>;
  /** Stops reading; a pending or later `next()` gives `end`. */
  close(): void;
}

/**
 * Reads newline-delimited JSON from a stream. Lines may arrive split over
 * any number of chunks and be of any length (readline buffers them); `\n`
 * and `\r\n` both end a line. A line that does not parse is returned as
 * `invalid` with its number, so the caller decides what to do with it.
 *
 * @example
 * const reader = readJsonLines(child.stdout);
 * const line = await reader.next(); // { type: 'value', lineNumber: 1, value: {...} }
 */
export function readJsonLines(input: Readable): JsonLineReader {
  const lines = createInterface({ input, crlfDelay: Infinity });
  // Created now, so lines that arrive before the first next() are queued, not lost.
  const iterator = lines[Symbol.asyncIterator]();
  let lineNumber = 0;
  let isEnded = false;
  return {
    async next() {
      while (!isEnded) {
        const item = await iterator.next();
        if (item.done === true) break;
        lineNumber++;
        const text = item.value;
        if (text.trim() === '') continue;
        try {
          return { type: 'value', lineNumber, text, value: JSON.parse(text) as unknown };
        } catch (error) {
          return { type: 'invalid', lineNumber, text, message: (error as Error).message };
        }
      }
      isEnded = true;
      return { type: 'end' };
    },
    close() {
      isEnded = true;
      lines.close();
    },
  };
}

/**
 * One value as a JSON line. JSON.stringify already escapes `\n` and `\r`;
 * U+2028 and U+2029 are escaped too, for readers that split on them.
 */
export function formatJsonLine(value: unknown): string {
  return `${JSON.stringify(value).replace(/[\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16)}`)}\n`;
}

/**
 * Writes one value as a JSON line; resolves once the stream has taken it
 * (so a reader that stops reading holds the writer, never the memory) and
 * rejects when the stream is closed or broken.
 */
export function writeJsonLine(output: Writable, value: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    output.write(formatJsonLine(value), (error) => {
      if (error === null || error === undefined) resolve();
      else reject(error);
    });
  });
}
