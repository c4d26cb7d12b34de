import { describe, expect, it } from 'vitest';
import { escapeMarkdown, markdownCode } from './escape-markdown.js';

describe('escapeMarkdown', () => {
  it('leaves no raw markup, entity, line break or column separator', () => {
    expect(escapeMarkdown('<img src=x onerror=alert(1)>')).toBe(
      '&lt;img src=x onerror=alert(1)&gt;',
    );
    expect(escapeMarkdown('a|b\nc\r\nd')).toBe('a&#124;b c d');
    expect(escapeMarkdown('&lt;script&gt;')).toBe('&amp;lt;script&amp;gt;');
    expect(escapeMarkdown('*bold* _it_ `code` [x](y) ![i](j) ~~s~~ # \\')).toBe(
      '\\*bold\\* \\_it\\_ \\`code\\` \\[x\\](y) \\!\\[i\\](j) \\~\\~s\\~\\~ \\# \\\\',
    );
  });

  it('shows controls and lone surrogates as U+FFFD, keeping whole pairs', () => {
    expect(escapeMarkdown('a\u0000b\u001bc\u0085d\uD800e\uDC00f😀')).toBe(
      'a\uFFFDb\uFFFDc\uFFFDd\uFFFDe\uFFFDf😀',
    );
  });
});

describe('markdownCode', () => {
  it('keeps a code span for text that shows as written', () => {
    expect(markdownCode('expect.changes[0]')).toBe('`expect.changes[0]`');
  });

  it('uses an escaped <code> element for anything else', () => {
    expect(markdownCode('a`b|c<d>]]>\u0000')).toBe(
      '<code>a\\`b&#124;c&lt;d&gt;\\]\\]&gt;\uFFFD</code>',
    );
    expect(markdownCode('two\nlines')).toBe('<code>two lines</code>');
  });
});
