import type { Problem } from '../core/index.js';

export type DecodedText =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'invalid'; readonly problem: Problem };

const strict = new TextDecoder('utf-8', { fatal: true });

/**
 * A file's bytes as text, or a problem naming the byte offset and line of
 * the first byte that is not UTF-8: reading with `'utf8'` would replace it
 * with U+FFFD, and the task would silently say something else. `at` is
 * where the bytes start in the file, for a file read a line at a time.
 */
export function decodeUtf8(
  bytes: Uint8Array,
  file: string,
  at: { readonly line: number; readonly offset: number } = { line: 1, offset: 0 },
): DecodedText {
  try {
    return { type: 'text', text: strict.decode(bytes) };
  } catch {
    // The decoder says only that the bytes are not UTF-8: find where.
    const offset = firstInvalidUtf8Byte(bytes);
    let line = at.line;
    for (let index = 0; index < offset; index++) if (bytes[index] === 0x0a) line++;
    const byte = (bytes[offset] ?? 0).toString(16).padStart(2, '0');
    return {
      type: 'invalid',
      problem: {
        file,
        line,
        message: `is not valid UTF-8: byte 0x${byte} at byte offset ${at.offset + offset}; save the file as UTF-8`,
      },
    };
  }
}

/** The offset of the first byte that starts no valid UTF-8 sequence (RFC 3629), or the length. */
export function firstInvalidUtf8Byte(bytes: Uint8Array): number {
  let index = 0;
  while (index < bytes.length) {
    const lead = bytes[index]!;
    if (lead < 0x80) {
      index++;
      continue;
    }
    // Length and the allowed range of the second byte (no overlongs, surrogates or > U+10FFFF).
    let length: number;
    let low = 0x80;
    let high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) length = 2;
    else if (lead >= 0xe0 && lead <= 0xef) {
      length = 3;
      if (lead === 0xe0) low = 0xa0;
      if (lead === 0xed) high = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      length = 4;
      if (lead === 0xf0) low = 0x90;
      if (lead === 0xf4) high = 0x8f;
    } else return index;
    for (let next = 1; next < length; next++) {
      const byte = bytes[index + next];
      const [min, max] = next === 1 ? [low, high] : [0x80, 0xbf];
      if (byte === undefined || byte < min || byte > max) return index;
    }
    index += length;
  }
  return bytes.length;
}
