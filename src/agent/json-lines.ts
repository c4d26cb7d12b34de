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
  | {
      /** The line grew past `maxLineBytes` before its newline; nothing more is read. */
      readonly type: 'too-long';
      readonly lineNumber: number;
      readonly maxLineBytes: number;
    }
  | { readonly type: 'end' };

export interface JsonLineReader {
  /** The next non-blank line, parsed; `end` once the stream has ended (and every call after). */
  next(): Promise<JsonLine>;
  /** Stops reading; a pending or later `next()` gives `end`. */
  close(): void;
}

export interface JsonLineOptions {
  /** The longest line that is read, in bytes up to its `\n` (a `\r` before it counts); default 4 MiB. */
  readonly maxLineBytes?: number;
}

const DEFAULT_MAX_LINE_BYTES = 4 * 1024 * 1024;
const NEWLINE = 0x0a;
const CLOSED = Symbol('closed');
const TOO_LONG = Symbol('too-long');

/**
 * Reads newline-delimited JSON from a stream. Lines may arrive split over
 * any number of chunks; `\n` and `\r\n` both end a line. A line that does
 * not parse is returned as `invalid` with its number, so the caller decides
 * what to do with it. The reader holds at most `maxLineBytes` of an
 * unfinished line (plus the chunk being read): a longer line is `too-long`,
 * and the stream is read no further, so a writer that never ends its line
 * cannot fill the memory.
 *
 * @example
 * const reader = readJsonLines(child.stdout, { maxLineBytes: 1 << 20 });
 * const line = await reader.next(); // { type: 'value', lineNumber: 1, value: {...} }
 */
export function readJsonLines(input: Readable, options: JsonLineOptions = {}): JsonLineReader {
  const maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  // Created now, so chunks that arrive before the first next() wait in the stream, not lost.
  const chunks = input[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  let close = (): void => undefined;
  const closed = new Promise<typeof CLOSED>((resolve) => (close = () => resolve(CLOSED)));
  /** The unfinished line's pieces, never more than maxLineBytes in all. */
  let parts: Buffer[] = [];
  let partBytes = 0;
  /** The chunk being split, from `offset` on. */
  let chunk: Buffer | undefined;
  let offset = 0;
  let lineNumber = 0;
  let isEnded = false;

  const stop = (): void => {
    isEnded = true;
    parts = [];
    chunk = undefined;
    close();
    // Ends the iteration and releases the stream; its late errors have no reader left.
    void chunks.return?.()?.catch(() => undefined);
  };

  /** The next line's text; undefined at the end of the stream; `too-long` past the cap. */
  async function nextText(): Promise<string | typeof TOO_LONG | undefined> {
    for (;;) {
      if (isEnded) return undefined;
      if (chunk === undefined) {
        let item: IteratorResult<Buffer | string> | typeof CLOSED;
        try {
          item = await Promise.race([chunks.next(), closed]);
        } catch {
          // A broken stream ends the lines as its end would; the caller learns why from the process.
          item = { done: true, value: undefined };
        }
        if (item === CLOSED || isEnded) return undefined;
        if (item.done === true) {
          isEnded = true;
          // The last line may lack its newline.
          return partBytes > 0 ? takeLine() : undefined;
        }
        chunk = typeof item.value === 'string' ? Buffer.from(item.value) : item.value;
        offset = 0;
      }
      const newline = chunk.indexOf(NEWLINE, offset);
      const end = newline === -1 ? chunk.length : newline;
      if (partBytes + (end - offset) > maxLineBytes) {
        stop();
        return TOO_LONG;
      }
      parts.push(chunk.subarray(offset, end));
      partBytes += end - offset;
      if (newline === -1) {
        chunk = undefined;
        continue;
      }
      offset = newline + 1;
      if (offset >= chunk.length) chunk = undefined;
      return takeLine();
    }
  }

  function takeLine(): string {
    const text = Buffer.concat(parts, partBytes).toString('utf8');
    parts = [];
    partBytes = 0;
    lineNumber++;
    return text.endsWith('\r') ? text.slice(0, -1) : text;
  }

  return {
    async next() {
      for (;;) {
        const text = await nextText();
        if (text === undefined) return { type: 'end' };
        if (text === TOO_LONG)
          return { type: 'too-long', lineNumber: lineNumber + 1, maxLineBytes };
        if (text.trim() === '') continue;
        try {
          return { type: 'value', lineNumber, text, value: JSON.parse(text) as unknown };
        } catch (error) {
          return { type: 'invalid', lineNumber, text, message: (error as Error).message };
        }
      }
    },
    close: stop,
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
