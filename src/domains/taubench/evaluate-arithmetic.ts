import {
  parsePyNumber,
  pyAdd,
  pyFloorDivide,
  pyMultiply,
  pyNegate,
  pyPower,
  pySubtract,
  pyToFloat,
  pyTrueDivide,
} from './python-number.js';
import type { PyNumber, PyResult } from './python-number.js';

/** What `calculate` makes of an expression: a float, or Python's error message. */
export type ArithmeticResult =
  { readonly ok: true; readonly value: number } | { readonly ok: false; readonly message: string };

type Operator = '+' | '-' | '*' | '/' | '//' | '**' | '(' | ')';
type Token =
  | { readonly kind: 'number'; readonly text: string }
  | { readonly kind: 'operator'; readonly text: Operator };

const ALLOWED = /^[0-9+\-*/(). ]*$/;
/** CPython's tokenizer refuses deeper nesting with this message. */
const MAX_PAREN_DEPTH = 200;
/** `**` chains recurse; CPython gives up at a few thousand levels too. */
const MAX_POWER_DEPTH = 1000;

class ArithmeticSyntaxError extends Error {}

/**
 * Evaluates what tau-bench's `calculate` passes to Python's `eval`: numbers,
 * `+ - * / // **`, unary signs and parentheses, with Python's semantics
 * (exact ints, floor division towards minus infinity, `**` right-associative
 * and binding tighter than a unary minus), then `float()` of the result.
 * No `eval`: a recursive-descent parser that evaluates as it parses.
 *
 * Messages follow CPython 3.11 where it matters to an agent ('division by
 * zero', 'invalid syntax', "'(' was never closed"); zero-division messages
 * are 'division by zero' for ints and floats alike.
 *
 * @example
 * evaluateArithmetic('-2 ** 2'); // { ok: true, value: -4 }
 * evaluateArithmetic('7 // -2'); // { ok: true, value: -4 }
 * evaluateArithmetic('1 / 0'); // { ok: false, message: 'division by zero' }
 */
export function evaluateArithmetic(expression: string): ArithmeticResult {
  if (!ALLOWED.test(expression)) return { ok: false, message: 'invalid characters in expression' };
  try {
    const parser = new Parser(tokenize(expression));
    const result = parser.parse();
    if (parser.runtimeError !== undefined) return { ok: false, message: parser.runtimeError };
    const value = pyToFloat(result);
    return typeof value === 'number' ? { ok: true, value } : { ok: false, message: value.error };
  } catch (error) {
    if (error instanceof ArithmeticSyntaxError) return { ok: false, message: error.message };
    throw error;
  }
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let depth = 0;
  let i = 0;
  while (i < source.length) {
    const char = source[i] ?? '';
    if (char === ' ') {
      i++;
    } else if (isDigit(char) || (char === '.' && isDigit(source[i + 1] ?? ''))) {
      const start = i;
      while (isDigit(source[i] ?? '')) i++;
      if (source[i] === '.') {
        i++;
        while (isDigit(source[i] ?? '')) i++;
      }
      const text = source.slice(start, i);
      if (!text.includes('.') && /^0+[1-9]/.test(text)) {
        throw new ArithmeticSyntaxError(
          'leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers',
        );
      }
      tokens.push({ kind: 'number', text });
    } else if ((char === '*' || char === '/') && source[i + 1] === char) {
      tokens.push({ kind: 'operator', text: char === '*' ? '**' : '//' });
      i += 2;
    } else if (char === '.') {
      // A dot that starts no number would be attribute access in Python.
      throw new ArithmeticSyntaxError('invalid syntax');
    } else {
      if (char === '(' && ++depth > MAX_PAREN_DEPTH) {
        throw new ArithmeticSyntaxError('too many nested parentheses');
      }
      if (char === ')' && --depth < 0) throw new ArithmeticSyntaxError("unmatched ')'");
      tokens.push({ kind: 'operator', text: char as Operator });
      i++;
    }
  }
  if (depth > 0) throw new ArithmeticSyntaxError("'(' was never closed");
  return tokens;
}

function isDigit(char: string): boolean {
  return char >= '0' && char <= '9';
}

/**
 * Parses and evaluates in one pass. Python compiles before it runs, so a
 * syntax error anywhere beats a runtime error earlier in the text: the first
 * runtime error (in Python's evaluation order, which is this parser's) is
 * kept aside and reported only if the whole expression parses.
 */
class Parser {
  runtimeError: string | undefined;
  private position = 0;
  private powerDepth = 0;

  constructor(private readonly tokens: readonly Token[]) {}

  parse(): PyNumber {
    const value = this.expression();
    if (this.position < this.tokens.length) throw new ArithmeticSyntaxError('invalid syntax');
    return value;
  }

  private expression(): PyNumber {
    let value = this.term();
    for (let op = this.peekOperator(); op === '+' || op === '-'; op = this.peekOperator()) {
      this.position++;
      const right = this.term();
      value = this.apply(op === '+' ? pyAdd : pySubtract, value, right);
    }
    return value;
  }

  private term(): PyNumber {
    let value = this.factor();
    for (
      let op = this.peekOperator();
      op === '*' || op === '/' || op === '//';
      op = this.peekOperator()
    ) {
      this.position++;
      const right = this.factor();
      value = this.apply(
        op === '*' ? pyMultiply : op === '/' ? pyTrueDivide : pyFloorDivide,
        value,
        right,
      );
    }
    return value;
  }

  /** Unary signs, looped rather than recursed: `- - - 1` is legal at any length. */
  private factor(): PyNumber {
    let negate = false;
    for (let op = this.peekOperator(); op === '+' || op === '-'; op = this.peekOperator()) {
      if (op === '-') negate = !negate;
      this.position++;
    }
    const value = this.power();
    // Negation is exact for ints and floats, so an odd count is one negation.
    return negate ? pyNegate(value) : value;
  }

  private power(): PyNumber {
    const base = this.primary();
    if (this.peekOperator() !== '**') return base;
    this.position++;
    if (++this.powerDepth > MAX_POWER_DEPTH) {
      throw new ArithmeticSyntaxError('expression too complex');
    }
    // The exponent is a factor: `2 ** -1` is legal and `2 ** 3 ** 2` is 2 ** 9.
    const exponent = this.factor();
    this.powerDepth--;
    return this.apply(pyPower, base, exponent);
  }

  private primary(): PyNumber {
    const token = this.tokens[this.position++];
    if (token === undefined) throw new ArithmeticSyntaxError('invalid syntax');
    if (token.kind === 'number') return parsePyNumber(token.text);
    if (token.text !== '(') throw new ArithmeticSyntaxError('invalid syntax');
    const value = this.expression();
    if (this.tokens[this.position++]?.text !== ')') {
      throw new ArithmeticSyntaxError('invalid syntax');
    }
    return value;
  }

  private peekOperator(): Operator | undefined {
    const token = this.tokens[this.position];
    return token?.kind === 'operator' ? token.text : undefined;
  }

  /** Once Python would have raised, the rest is only parsed. */
  private apply(
    operation: (left: PyNumber, right: PyNumber) => PyResult,
    left: PyNumber,
    right: PyNumber,
  ): PyNumber {
    if (this.runtimeError !== undefined) return 0n;
    const result = operation(left, right);
    if (typeof result !== 'object') return result;
    this.runtimeError = result.error;
    return 0n;
  }
}
