/**
 * Escaping for what a suite, a task, an agent or a model wrote (names,
 * ids, checks, messages) on its way into GitHub-flavoured Markdown: it must
 * show as the text it is, never as HTML, a link, emphasis or a new table
 * column, whatever it holds.
 */

/** Controls (C0 but tab and line breaks, DEL, C1) and lone surrogates: shown as U+FFFD. */
const UNPRINTABLE =
  // eslint-disable-next-line no-control-regex -- matching controls is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** HTML's own characters and the table's column separator, as character references. */
const REFERENCES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '|': '&#124;',
};

/**
 * Data as inline Markdown text on one line: no raw `<` (so no HTML), `&`
 * as `&amp;` (so no smuggled entities), emphasis, code, link and
 * strikethrough marks backslash-escaped, line breaks as spaces, pipes as
 * `&#124;` (so a table row keeps its columns).
 */
export function escapeMarkdown(text: string): string {
  return (
    text
      .replace(UNPRINTABLE, '\uFFFD')
      .replace(/\r\n|\r|\n|\t/g, ' ')
      .replace(/[\\`*_[\]~!#]/g, '\\$&')
      // After the escapes: the references' own `#` must stay as it is.
      .replace(/[&<>"|]/g, (character) => REFERENCES[character] ?? character)
  );
}

/** What a code span shows as written: no backtick, pipe, markup, control or line break. */
// eslint-disable-next-line no-control-regex -- matching controls is the point
const PLAIN_CODE = /^[^`|<>&\\\u0000-\u001F\u007F-\u009F\uD800-\uDFFF]+$/;

/**
 * Data as inline code: a code span when it shows as written, else an
 * HTML `<code>` element around the escaped text (entities and escapes work
 * there; in a code span they would show).
 */
export function markdownCode(text: string): string {
  return PLAIN_CODE.test(text) && text.trim() === text
    ? `\`${text}\``
    : `<code>${escapeMarkdown(text)}</code>`;
}
