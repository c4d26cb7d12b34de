import { describe, expect, it } from 'vitest';
import { xpathString } from '../../../test/support/xmllint.js';
import { escapeXml, escapeXmlAttribute } from './escape-xml.js';

/** libxml2's reading of `<a v="...">...</a>`: the reference parser, outside the code under test. */
async function parsedBack(
  attribute: string,
  text: string,
): Promise<{ attribute: string; text: string }> {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<a v="${attribute}">${text}</a>\n`;
  return {
    attribute: await xpathString(xml, 'string(/a/@v)'),
    text: await xpathString(xml, 'string(/a)'),
  };
}

describe('escapeXml', () => {
  it('escapes markup in text', () => {
    expect(escapeXml('a < b && c > "d" \'e\'')).toBe('a &lt; b &amp;&amp; c &gt; "d" \'e\'');
  });

  it('escapes quotes, tabs and line breaks in attributes', () => {
    expect(escapeXmlAttribute(`"x" & 'y'\n\tz<`)).toBe(
      '&quot;x&quot; &amp; &apos;y&apos;&#10;&#9;z&lt;',
    );
  });

  it('replaces characters XML 1.0 forbids (C0 controls, lone surrogates, U+FFFE/F) with U+FFFD', () => {
    const forbidden = ['\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f'];
    // Low before high: two lone surrogates, not a pair.
    const odd = ['\udfff', '\ud800', '\ufffe', '\uffff'];
    expect(escapeXml([...forbidden, ...odd].join(''))).toBe('\ufffd'.repeat(11));
  });

  it('keeps tab, newline, characters past the BMP and other Unicode', () => {
    expect(escapeXml('a\tb\nc 😀 é \u0085 \u00a0')).toBe('a\tb\nc 😀 é \u0085 \u00a0');
  });

  it('gives text that an XML parser reads back as it was, forbidden characters replaced', async () => {
    const nasty = `He said "refund <8842> & 'notify'"\r\n\ttab\u0000nul\u001besc 😀 ]]>`;
    const expected = nasty.replace('\u0000', '\ufffd').replace('\u001b', '\ufffd');
    const back = await parsedBack(escapeXmlAttribute(nasty), escapeXml(nasty));
    expect(back.attribute).toBe(expected);
    expect(back.text).toBe(expected);
  });

  it('is checked by a parser that refuses what escaping prevents (the check is real)', async () => {
    await expect(parsedBack('"', '<')).rejects.toThrow(/libxml2 could not read the document/);
  });
});
