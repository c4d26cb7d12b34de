/**
 * Characters XML 1.0 forbids anywhere, even as character references:
 * C0 controls other than tab, newline and carriage return, lone
 * surrogates, U+FFFE and U+FFFF. Trial messages can carry them (a tool
 * that returned binary, a model that emitted an escape code).
 */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Stands in for a character XML cannot carry, so the reader sees something was there. */
const REPLACEMENT = '\uFFFD';

/** Text as XML character data: markup escaped, forbidden characters replaced by U+FFFD. */
export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML_CHAR, REPLACEMENT)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r/g, '&#13;');
}

/**
 * Text as a double- or single-quoted attribute value. Tabs and line breaks
 * become character references: a parser would otherwise turn them into spaces.
 */
export function escapeXmlAttribute(text: string): string {
  return escapeXml(text)
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;');
}
