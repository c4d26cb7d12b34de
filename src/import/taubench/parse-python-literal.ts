import type { JsonValue } from '../../core/index.js';
import { PythonSyntaxProblem, tokenizePython } from './python-literal-tokens.js';
import type { PythonToken } from './python-literal-tokens.js';

/** A call with keyword arguments only, such as `Action(name="think", kwargs={...})`. */
export class PythonCall {
  constructor(
    readonly callee: string,
    readonly kwargs: Readonly<Record<string, PythonValue>>,
    readonly line: number,
  ) {}
}

/** A value of the literal subset: JSON values, and keyword calls anywhere inside them. */
export type PythonValue =
  | string
  | number
  | boolean
  | null
  | readonly PythonValue[]
  | { readonly [key: string]: PythonValue }
  | PythonCall;

/**
 * Reads the top-level assignments of a Python module written in the
 * literal subset tau-bench's task files use: `import` and `from ... import`
 * lines, then `NAME = value`, where a value is a string (any quoting,
 * adjacent strings joined), an int or float (optionally negative), True,
 * False, None, a list, a tuple, a dict with string keys, or a call with
 * keyword arguments only (`Task(...)`, `Action(...)`); trailing commas and
 * comments are allowed. Anything else fails with its line and column.
 *
 * @throws PythonSyntaxProblem at the first token outside the subset
 */
export function parsePythonAssignments(source: string): Map<string, PythonValue> {
  const parser = new Parser(tokenizePython(source));
  return parser.module();
}

class Parser {
  private position = 0;

  constructor(private readonly tokens: readonly PythonToken[]) {}

  module(): Map<string, PythonValue> {
    const assignments = new Map<string, PythonValue>();
    while (this.peek().type !== 'end') {
      const token = this.peek();
      if (this.isName('from') || this.isName('import')) {
        this.importStatement();
        continue;
      }
      if (token.type !== 'name') throw this.unexpected('a name to assign to or an import');
      this.position++;
      if (this.isPunct(':')) {
        throw this.problem(
          `annotated assignments (${token.value}: ...) are not supported`,
          this.peek(),
        );
      }
      this.expectPunct('=', `"=" after ${token.value}`);
      assignments.set(token.value, this.value());
    }
    return assignments;
  }

  private importStatement(): void {
    if (this.isName('from')) {
      this.position++;
      this.dottedName();
      if (!this.isName('import')) throw this.unexpected('"import"');
    }
    this.position++;
    const parenthesised = this.isPunct('(');
    if (parenthesised) this.position++;
    for (;;) {
      this.dottedName();
      if (this.isName('as')) {
        this.position++;
        this.name('a name after "as"');
      }
      if (!this.isPunct(',')) break;
      this.position++;
      if (parenthesised && this.isPunct(')')) break;
    }
    if (parenthesised) this.expectPunct(')', '")" closing the import list');
  }

  private dottedName(): void {
    this.name('a module or name');
    while (this.isPunct('.')) {
      this.position++;
      this.name('a name after "."');
    }
  }

  private value(): PythonValue {
    const token = this.peek();
    if (token.type === 'string') return this.strings();
    if (token.type === 'number') {
      this.position++;
      return token.value;
    }
    if (token.type === 'punct') {
      if (token.value === '-' || token.value === '+') {
        this.position++;
        const operand = this.peek();
        if (operand.type !== 'number') throw this.unexpected(`a number after "${token.value}"`);
        this.position++;
        return token.value === '-' ? -operand.value : operand.value;
      }
      if (token.value === '[') return this.sequence(']');
      if (token.value === '(') return this.parenthesised();
      if (token.value === '{') return this.dict();
    }
    if (token.type === 'name') {
      this.position++;
      if (token.value === 'True') return true;
      if (token.value === 'False') return false;
      if (token.value === 'None') return null;
      if (this.isPunct('(')) return this.call(token.value, token.line);
      throw this.problem(
        `${token.value} is a name, not a literal (only True, False, None and calls such as Task(...) are read)`,
        token,
      );
    }
    throw this.unexpected('a value');
  }

  /** Adjacent string literals are one string, as in Python. */
  private strings(): string {
    let text = '';
    for (let token = this.peek(); token.type === 'string'; token = this.peek()) {
      text += token.value;
      this.position++;
    }
    return text;
  }

  private sequence(close: ']' | ')'): PythonValue[] {
    this.position++;
    const items: PythonValue[] = [];
    while (!this.isPunct(close)) {
      items.push(this.value());
      if (this.isPunct(',')) this.position++;
      else if (!this.isPunct(close)) throw this.unexpected(`"," or "${close}"`);
    }
    this.position++;
    return items;
  }

  /** `(value)` is the value (string concatenation over lines); `(a, b)` and `()` are tuples. */
  private parenthesised(): PythonValue {
    this.position++;
    if (this.isPunct(')')) {
      this.position++;
      return [];
    }
    const first = this.value();
    if (this.isPunct(')')) {
      this.position++;
      return first;
    }
    const items: PythonValue[] = [first];
    while (!this.isPunct(')')) {
      this.expectPunct(',', '"," or ")"');
      if (this.isPunct(')')) break;
      items.push(this.value());
    }
    this.position++;
    return items;
  }

  private dict(): Record<string, PythonValue> {
    this.position++;
    const entries: Record<string, PythonValue> = {};
    while (!this.isPunct('}')) {
      const keyToken = this.peek();
      if (keyToken.type !== 'string') {
        throw this.problem('a dict key must be a string (JSON keys are strings)', keyToken);
      }
      const key = this.strings();
      this.expectPunct(':', '":" after a dict key');
      Object.defineProperty(entries, key, {
        value: this.value(),
        enumerable: true,
        writable: true,
        configurable: true,
      });
      if (this.isPunct(',')) this.position++;
      else if (!this.isPunct('}')) throw this.unexpected('"," or "}"');
    }
    this.position++;
    return entries;
  }

  private call(callee: string, line: number): PythonCall {
    this.position++;
    const kwargs: Record<string, PythonValue> = {};
    while (!this.isPunct(')')) {
      const nameToken = this.peek();
      const equals = this.tokens[this.position + 1];
      if (nameToken.type !== 'name' || equals?.type !== 'punct' || equals.value !== '=') {
        throw this.problem(`${callee}(...) takes keyword arguments only (name=value)`, nameToken);
      }
      this.position += 2;
      if (Object.hasOwn(kwargs, nameToken.value)) {
        throw this.problem(`keyword argument ${nameToken.value} repeated`, nameToken);
      }
      Object.defineProperty(kwargs, nameToken.value, {
        value: this.value(),
        enumerable: true,
        writable: true,
        configurable: true,
      });
      if (this.isPunct(',')) this.position++;
      else if (!this.isPunct(')')) throw this.unexpected('"," or ")"');
    }
    this.position++;
    return new PythonCall(callee, kwargs, line);
  }

  private name(what: string): string {
    const token = this.peek();
    if (token.type !== 'name') throw this.unexpected(what);
    this.position++;
    return token.value;
  }

  private expectPunct(value: string, what: string): void {
    if (!this.isPunct(value)) throw this.unexpected(what);
    this.position++;
  }

  private peek(): PythonToken {
    return this.tokens[this.position] ?? this.tokens[this.tokens.length - 1]!;
  }

  private isPunct(value: string): boolean {
    const token = this.peek();
    return token.type === 'punct' && token.value === value;
  }

  private isName(value: string): boolean {
    const token = this.peek();
    return token.type === 'name' && token.value === value;
  }

  private unexpected(expected: string): PythonSyntaxProblem {
    const token = this.peek();
    return this.problem(`expected ${expected}, found ${describeToken(token)}`, token);
  }

  private problem(message: string, token: PythonToken): PythonSyntaxProblem {
    return new PythonSyntaxProblem(message, token.line, token.column);
  }
}

function describeToken(token: PythonToken): string {
  switch (token.type) {
    case 'end':
      return 'the end of the file';
    case 'string':
      return `the string ${JSON.stringify(token.value.length > 30 ? `${token.value.slice(0, 30)}...` : token.value)}`;
    case 'number':
      return `the number ${token.value}`;
    default:
      return `"${token.value}"`;
  }
}

/** A value without calls, as JSON; undefined when a call is inside. */
export function pythonValueToJson(value: PythonValue): JsonValue | undefined {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const items = (value as readonly PythonValue[]).map(pythonValueToJson);
    return items.every((item) => item !== undefined) ? items : undefined;
  }
  if (value instanceof PythonCall) return undefined;
  const entries: Record<string, JsonValue> = {};
  for (const [key, item] of Object.entries(value)) {
    const converted = pythonValueToJson(item);
    if (converted === undefined) return undefined;
    Object.defineProperty(entries, key, {
      value: converted,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return entries;
}
