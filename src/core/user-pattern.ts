import type { RE2JS } from 're2js';
import { loadRe2js } from './load-engines.js';

/** Where a pattern matched: UTF-16 offsets into the text, `end` exclusive. */
export interface PatternMatch {
  readonly start: number;
  readonly end: number;
}

/** A compiled `when:` / `stop_when` pattern: matching takes time linear in the text. */
export interface UserPattern {
  readonly source: string;
  /** Whether the pattern matches anywhere in the text. */
  test(text: string): boolean;
  /** The first match in the text, or undefined. */
  find(text: string): PatternMatch | undefined;
}

export type CompiledUserPattern =
  | { readonly type: 'pattern'; readonly pattern: UserPattern }
  | { readonly type: 'invalid'; readonly message: string };

export interface UserPatternOptions {
  /** Default false: patterns ignore case. */
  readonly caseSensitive?: boolean;
}

/**
 * Compiles a pattern from a task file or a user script with RE2 semantics
 * (re2js): no backtracking, so a pattern such as `(a+)+$` cannot block the
 * process on a short message. What RE2 leaves out (backreferences,
 * lookahead, lookbehind) is refused with the engine's reason. Case is
 * ignored unless the options say otherwise.
 */
export function compileUserPattern(
  source: string,
  options: UserPatternOptions = {},
): CompiledUserPattern {
  // Every trial compiles its task's patterns again (its scripted user, its
  // must-not-say rules): the same source compiles to the same immutable
  // program, so it is compiled once per process.
  const key = `${options.caseSensitive === true ? 's' : 'i'}:${source}`;
  const known = compiledPatterns.get(key);
  if (known !== undefined) return known;
  const compiled = compileOnce(source, options);
  if (compiledPatterns.size >= MAX_COMPILED_PATTERNS) compiledPatterns.clear();
  compiledPatterns.set(key, compiled);
  return compiled;
}

/** Patterns compiled so far in this process, by case rule and source. */
const compiledPatterns = new Map<string, CompiledUserPattern>();
/** Past this many the memo starts over: a suite has tens of patterns, not thousands. */
const MAX_COMPILED_PATTERNS = 10_000;

function compileOnce(source: string, options: UserPatternOptions): CompiledUserPattern {
  const engine = loadRe2js();
  let compiled: RE2JS;
  try {
    compiled = engine.compile(source, options.caseSensitive === true ? 0 : engine.CASE_INSENSITIVE);
  } catch (error) {
    const reason = (error as Error).message.replace(/^error parsing regexp: /, '');
    return {
      type: 'invalid',
      message: `not a supported regular expression (${reason}): patterns use RE2 syntax, which has no backreferences or lookaround`,
    };
  }
  return {
    type: 'pattern',
    pattern: {
      source,
      test: (text) => compiled.test(text),
      find: (text) => {
        const matcher = compiled.matcher(text);
        return matcher.find() ? { start: matcher.start(), end: matcher.end() } : undefined;
      },
    },
  };
}
