import { describe, expect, it } from 'vitest';
import {
  EXCERPT_CONTEXT,
  excerptAround,
  forbiddenTextFinder,
  normalizeWithOrigin,
  normalizedLength,
} from './forbidden-text.js';

/** What the finder matched, as written in the message; undefined when nothing. */
function said(forbidden: string, message: string): string | undefined {
  const find = forbiddenTextFinder(forbidden)!;
  const span = find(normalizeWithOrigin(message));
  return span === undefined ? undefined : message.slice(span.start, span.end);
}

describe('forbiddenTextFinder', () => {
  it.each([
    ['ana@example.com', 'Her email is ana@example.com.', 'ana@example.com'],
    ['ana@example.com', 'Write to (ANA@Example.COM), please', 'ANA@Example.COM'],
    ['ana@example.com', 'reach her at ana @ example . com today', 'ana @ example . com'],
    ['ana@example.com', 'reach her at ana [at] example [dot] com', 'ana [at] example [dot] com'],
    ['ana@example.com', 'it is <ana@example.com>', 'ana@example.com'],
    ['ana@example.com', 'mailto:ana@example.com', 'ana@example.com'],
    ['ana@example.com', 'an\u200ba@exam\u00adple.com', 'an\u200ba@exam\u00adple.com'],
    ['ana@example.com', 'ａｎａ@example.com', 'ａｎａ@example.com'],
    ['SAVE20-INTERNAL', 'use code save20 - internal at checkout', 'save20 - internal'],
    ['SAVE20-INTERNAL', 'code `SAVE20-INTERNAL`', 'SAVE20-INTERNAL'],
    ['12 Harbor Street', 'ships to 12\n  harbor   street, Portland', '12\n  harbor   street'],
    ['1299', 'a total of 1,299 dollars', '1,299'],
  ])('finds %j in %j', (forbidden, message, expected) => {
    expect(said(forbidden, message)).toBe(expected);
  });

  it.each([
    ['ana@example.com', 'hana@example.com is the address'],
    ['ana@example.com', 'ana@example.community'],
    ['ana@example.com', 'ana at example dot com'],
    ['SAVE20-INTERNAL', 'use SAVE20 today'],
    ['sale', 'a wholesale price'],
    ['1299', 'a total of 11,299 dollars'],
  ])('does not find %j in %j', (forbidden, message) => {
    expect(said(forbidden, message)).toBeUndefined();
  });

  it('maps every normalised character back into the original text', () => {
    const original = 'Ａ  b\u200b , c😀d 1,299';
    const { text, origin } = normalizeWithOrigin(original);
    expect(text).toBe('a b,c😀d 1299');
    // Ａ0 ␠1 ␠2 b3 zwsp4 ␠5 ,6 ␠7 c8 😀9-10 d11 ␠12 1₁₃ ,14 2₁₅ 9₁₆ 9₁₇ (length 18)
    expect(origin).toEqual([0, 1, 3, 6, 8, 9, 9, 11, 12, 13, 15, 16, 17, 18]);
  });

  it('measures forbidden text as matching sees it', () => {
    expect(normalizedLength('  ab  ')).toBe(2);
    expect(normalizedLength('a b')).toBe(3);
    expect(normalizedLength('\u200b')).toBe(0);
    expect(forbiddenTextFinder(' \u200b ')).toBeUndefined();
  });
});

describe('excerptAround', () => {
  it('keeps a little context each side, marks the cuts, never the whole long message', () => {
    const before = 'x'.repeat(200);
    const after = 'y'.repeat(200);
    const message = `${before} ana@example.com ${after}`;
    const start = message.indexOf('ana@');
    const excerpt = excerptAround(message, { start, end: start + 'ana@example.com'.length });
    expect(excerpt.startsWith('…')).toBe(true);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(excerpt).toContain(' ana@example.com ');
    expect(excerpt.length).toBeLessThanOrEqual('ana@example.com'.length + 2 * EXCERPT_CONTEXT + 2);
    expect(excerpt.length).toBeLessThan(message.length / 4);
  });

  it('cuts a long match in the middle and never splits a surrogate pair', () => {
    const message = `😀${'z'.repeat(EXCERPT_CONTEXT - 1)}${'m'.repeat(500)}`;
    const excerpt = excerptAround(message, { start: EXCERPT_CONTEXT + 1, end: message.length });
    expect(excerpt).toContain('…');
    expect(excerpt.length).toBeLessThan(200);
    expect(excerpt).not.toMatch(
      /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/u,
    );
  });
});

describe('forbiddenTextFinder on generated messages', () => {
  /** A small seeded generator, so a failure can be replayed. */
  function generator(seed: number) {
    let state = seed >>> 0;
    const next = () => {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      return state / 2 ** 32;
    };
    return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]! };
  }
  const FILLER = [
    'Hello',
    'order',
    '8842',
    'is',
    'on',
    'its',
    'way',
    '—',
    'thanks!',
    '(see',
    'below)',
  ];
  const SPACES = ['', ' ', '  ', '\u200b', ' \n '];
  const forbidden = ['ana@example.com', 'SAVE20-INTERNAL', 'hana.kim@example.com'];

  /** The forbidden text as an agent might write it: any case, any spacing beside its punctuation. */
  function disguise(text: string, random: ReturnType<typeof generator>): string {
    let out = '';
    for (const char of text) {
      const punctuation = !/[\p{L}\p{N}]/u.test(char);
      const cased = random.next() < 0.5 ? char.toUpperCase() : char.toLowerCase();
      out += punctuation ? `${random.pick(SPACES)}${char}${random.pick(SPACES)}` : cased;
    }
    return out;
  }

  it('finds every disguised occurrence exactly where it was put, and nothing once a letter changes', () => {
    const random = generator(19);
    for (let round = 0; round < 500; round++) {
      const text = random.pick(forbidden);
      const before = Array.from({ length: Math.floor(random.next() * 6) }, () =>
        random.pick(FILLER),
      ).join(' ');
      const after = Array.from({ length: Math.floor(random.next() * 6) }, () =>
        random.pick(FILLER),
      ).join(' ');
      const written = disguise(text, random);
      const separator = random.pick([' ', ', ', ': ', ' (']);
      const message = `${before}${separator}${written}${random.pick([' ', '. ', ') '])}${after}`;
      const start = before.length + separator.length;
      const find = forbiddenTextFinder(text)!;
      const span = find(normalizeWithOrigin(message));
      const trimmedEnd = start + written.trimEnd().length;
      const trimmedStart = start + (written.length - written.trimStart().length);
      expect({ message, span }).toEqual({
        message,
        span: { start: trimmedStart, end: trimmedEnd },
      });

      // Change one letter or digit: the text is no longer there.
      const positions = [...written].flatMap((char, index) =>
        /[a-z0-9]/i.test(char) ? [index] : [],
      );
      const at = random.pick(positions);
      const chars = [...written];
      chars[at] = /\d/.test(chars[at]!) ? 'x' : '7';
      const altered = `${before}${separator}${chars.join('')} ${after}`;
      expect({ altered, span: find(normalizeWithOrigin(altered)) }).toEqual({
        altered,
        span: undefined,
      });
    }
  });
});
