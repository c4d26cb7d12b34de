import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeUtf8, firstInvalidUtf8Byte } from './decode-utf8.js';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((part) => Buffer.from(typeof part === 'string' ? part : part)));

describe('decodeUtf8', () => {
  it('decodes UTF-8, multi-byte characters included', () => {
    expect(decodeUtf8(bytes('café ✓ 😀'), 'a.yaml')).toEqual({ type: 'text', text: 'café ✓ 😀' });
  });

  it('names the byte offset and line of a 0xff instead of replacing it', () => {
    expect(decodeUtf8(bytes('id: a\nname: caf', [0xff], '\n'), 'tasks/a.yaml')).toEqual({
      type: 'invalid',
      problem: {
        file: 'tasks/a.yaml',
        line: 2,
        message: 'is not valid UTF-8: byte 0xff at byte offset 15; save the file as UTF-8',
      },
    });
  });

  it.each([
    ['a truncated sequence', [0x61, 0xe2, 0x9c], 1],
    ['an overlong encoding', [0x61, 0x62, 0xc0, 0xaf], 2],
    ['a surrogate', [0xed, 0xa0, 0x80], 0],
    ['a code point past U+10FFFF', [0x61, 0xf4, 0x90, 0x80, 0x80], 1],
    ['a stray continuation byte', [0x61, 0x80], 1],
  ])('finds %s where the strict decoder refuses it', (_name, input, offset) => {
    const data = Uint8Array.from(input);
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(data)).toThrow();
    expect(firstInvalidUtf8Byte(data)).toBe(offset);
  });

  it('agrees with the strict decoder: the bytes before the offset decode, the byte at it does not', () => {
    const strict = new TextDecoder('utf-8', { fatal: true });
    const decodes = (data: Uint8Array) => {
      try {
        strict.decode(data);
        return true;
      } catch {
        return false;
      }
    };
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 12 }), (data) => {
        const offset = firstInvalidUtf8Byte(data);
        expect(decodes(data)).toBe(offset === data.length);
        expect(decodes(data.subarray(0, offset))).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });
});
