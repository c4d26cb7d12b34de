import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { formatJsonLine, readJsonLines, writeJsonLine } from './json-lines.js';

describe('readJsonLines', () => {
  it('joins lines split over chunks and ends with the stream', async () => {
    const input = new PassThrough();
    const reader = readJsonLines(input);
    input.write('{"a":');
    input.write('1}\n{"b"');
    input.end(':[2]}\r\n');
    expect(await reader.next()).toEqual({
      type: 'value',
      lineNumber: 1,
      text: '{"a":1}',
      value: { a: 1 },
    });
    expect(await reader.next()).toMatchObject({ lineNumber: 2, value: { b: [2] } });
    expect(await reader.next()).toEqual({ type: 'end' });
    expect(await reader.next()).toEqual({ type: 'end' });
  });

  it('reads a line far longer than a chunk', async () => {
    const input = new PassThrough();
    const reader = readJsonLines(input);
    const text = 'x'.repeat(1_000_000);
    input.end(`${JSON.stringify({ text })}\n`);
    expect(await reader.next()).toMatchObject({ type: 'value', value: { text } });
  });

  it('skips blank lines but counts them, and reports a line that is not JSON', async () => {
    const input = new PassThrough();
    const reader = readJsonLines(input);
    input.end('\n  \n{oops\n');
    expect(await reader.next()).toMatchObject({ type: 'invalid', lineNumber: 3, text: '{oops' });
  });

  it('stops at the cap on a line with no newline, reading no further than the cap and a chunk', async () => {
    const chunkBytes = 64 * 1024;
    let pulled = 0;
    // An endless line: the stream would give chunks of "x" for ever.
    const input = new Readable({
      read() {
        pulled += chunkBytes;
        this.push(Buffer.alloc(chunkBytes, 'x'));
      },
    });
    const reader = readJsonLines(input, { maxLineBytes: 1024 * 1024 });
    expect(await reader.next()).toEqual({
      type: 'too-long',
      lineNumber: 1,
      maxLineBytes: 1024 * 1024,
    });
    expect(await reader.next()).toEqual({ type: 'end' });
    // The stream's own read-ahead (its high-water mark) is all that is pulled past the cap.
    expect(pulled).toBeLessThanOrEqual(1024 * 1024 + chunkBytes + input.readableHighWaterMark);
    expect(input.destroyed).toBe(true);
  });

  it('reads a line of exactly the cap, with multi-byte characters split over chunks', async () => {
    const input = new PassThrough();
    const reader = readJsonLines(input, { maxLineBytes: 12 });
    const line = Buffer.from('{"t":"éé"}\n{"t":"ééé"}\n'); // 12 bytes, then 14
    input.write(line.subarray(0, 7)); // splits the first é
    input.end(line.subarray(7));
    expect(await reader.next()).toMatchObject({ type: 'value', value: { t: 'éé' } });
    expect(await reader.next()).toEqual({ type: 'too-long', lineNumber: 2, maxLineBytes: 12 });
  });

  it('reads a last line that has no newline', async () => {
    const input = new PassThrough();
    const reader = readJsonLines(input);
    input.end('{"a":1}\n{"b":2}');
    expect(await reader.next()).toMatchObject({ value: { a: 1 } });
    expect(await reader.next()).toMatchObject({ lineNumber: 2, value: { b: 2 } });
    expect(await reader.next()).toEqual({ type: 'end' });
  });

  it('gives end to a pending read once closed', async () => {
    const input = new PassThrough();
    const reader = readJsonLines(input);
    const pending = reader.next();
    reader.close();
    expect(await pending).toEqual({ type: 'end' });
  });
});

describe('formatJsonLine', () => {
  it('writes one line that parses back, with line and paragraph separators escaped', () => {
    const value = { text: 'a\nb\r\u2028c\u2029' };
    const line = formatJsonLine(value);
    expect(line).toBe('{"text":"a\\nb\\r\\u2028c\\u2029"}\n');
    expect(JSON.parse(line)).toEqual(value);
  });

  it('rejects a write to a closed stream', async () => {
    const output = new PassThrough();
    output.on('error', () => undefined);
    output.destroy();
    await expect(writeJsonLine(output, { type: 'x' })).rejects.toThrow();
  });
});
