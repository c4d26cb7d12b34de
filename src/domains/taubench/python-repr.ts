import { formatPythonFloat } from './format-python-float.js';

/**
 * Python's `repr` of a str, as a `KeyError` or a `ValueError` message
 * quotes a key or a literal: single quotes unless the text holds a single
 * quote and no double one; backslashes and control characters escaped.
 *
 * @example
 * pythonStringRepr('2024-05-16'); // "'2024-05-16'"
 * pythonStringRepr("it's"); // '"it\'s"'
 */
export function pythonStringRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let body = '';
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    if (character === '\\') body += '\\\\';
    else if (character === quote) body += `\\${quote}`;
    else if (character === '\n') body += '\\n';
    else if (character === '\r') body += '\\r';
    else if (character === '\t') body += '\\t';
    else if (code < 0x20 || code === 0x7f) body += `\\x${code.toString(16).padStart(2, '0')}`;
    else body += character;
  }
  return `${quote}${body}${quote}`;
}

/**
 * A number as an f-string prints it, guessing its Python type from its
 * value: integral values as ints (`500`), others as floats (`500.5`). JSON
 * does not keep the difference, so an integral float (`500.0` in Python)
 * prints as an int here.
 *
 * @example
 * pythonNumberText(500); // '500'
 * pythonNumberText(0.1 + 0.2); // '0.30000000000000004'
 */
export function pythonNumberText(value: number): string {
  return Number.isSafeInteger(value) ? String(value) : formatPythonFloat(value);
}
