import { RE2JS } from 're2js';

/** A compiled `when:` / `stop_when` pattern: matching takes time linear in the text. */
export interface UserPattern {
  readonly source: string;
  /** Whether the pattern matches anywhere in the text (case-insensitive). */
  test(text: string): boolean;
}

export type CompiledUserPattern =
  | { readonly type: 'pattern'; readonly pattern: UserPattern }
  | { readonly type: 'invalid'; readonly message: string };

/**
 * Compiles a pattern from a task file or a user script with RE2 semantics
 * (re2js): no backtracking, so a pattern such as `(a+)+$` cannot block the
 * process on a short message. What RE2 leaves out (backreferences,
 * lookahead, lookbehind) is refused with the engine's reason.
 */
export function compileUserPattern(source: string): CompiledUserPattern {
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(source, RE2JS.CASE_INSENSITIVE);
  } catch (error) {
    const reason = (error as Error).message.replace(/^error parsing regexp: /, '');
    return {
      type: 'invalid',
      message: `not a supported regular expression (${reason}): patterns use RE2 syntax, which has no backreferences or lookaround`,
    };
  }
  return { type: 'pattern', pattern: { source, test: (text) => compiled.test(text) } };
}
