import { describe, expect, it } from 'vitest';
import { pythonNumberText, pythonStringRepr } from './python-repr.js';

// Reference values: CPython 3.11, repr(...) and f'{...}'.

describe('pythonStringRepr', () => {
  it('quotes with single quotes by default', () => {
    expect(pythonStringRepr('2024-05-16')).toBe("'2024-05-16'");
  });

  it('switches to double quotes for a text with a single quote only', () => {
    // repr("it's") == '"it\'s"' shown as "it's"
    expect(pythonStringRepr("it's")).toBe('"it\'s"');
  });

  it('escapes the single quote when both quotes occur', () => {
    // repr('a\'b"c') == 'a\'b"c' printed as 'a\'b"c'
    expect(pythonStringRepr('a\'b"c')).toBe("'a\\'b\"c'");
  });

  it('escapes backslashes and control characters', () => {
    // repr('a\\b\n\x01') prints 'a\\b\n\x01'
    expect(pythonStringRepr('a\\b\n\u0001')).toBe("'a\\\\b\\n\\x01'");
  });
});

describe('pythonNumberText', () => {
  it('prints integral values as ints and others as floats', () => {
    expect(pythonNumberText(500)).toBe('500');
    expect(pythonNumberText(-20)).toBe('-20');
    // f'{0.1 + 0.2}' == '0.30000000000000004'; f'{1e-05}' == '1e-05'
    expect(pythonNumberText(0.1 + 0.2)).toBe('0.30000000000000004');
    expect(pythonNumberText(0.00001)).toBe('1e-05');
  });
});
