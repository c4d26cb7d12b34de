import { describe, expect, it } from 'vitest';
import { compileUserPattern } from './user-pattern.js';

const compiled = (source: string) => {
  const result = compileUserPattern(source);
  if (result.type !== 'pattern') throw new Error(result.message);
  return result.pattern;
};

describe('compileUserPattern', () => {
  it('matches anywhere in the text, case-insensitively, as the regex it replaces', () => {
    const pattern = compiled(String.raw`(^|\W)(done|all set)(\W|$)`);
    expect(pattern.test('We are DONE.')).toBe(true);
    expect(pattern.test('undone')).toBe(false);
    expect(compiled('order (id|number)').test('Your Order Number?')).toBe(true);
  });

  it('answers a catastrophic-backtracking pattern at once', () => {
    // In V8, `(a+)+$` on 28 "a"s and a "!" takes minutes: 2^28 ways to split the run.
    const pattern = compiled('(a+)+$');
    expect(pattern.test(`${'a'.repeat(28)}!`)).toBe(false);
    expect(compiled('(x+x+)+y').test('x'.repeat(5000))).toBe(false);
  });

  it('finds where it matched, and ignores case only when asked to', () => {
    const text = 'é😀 see Policy Section 12 here';
    const pattern = compiled(String.raw`policy section \d+`);
    const found = pattern.find(text);
    expect(found && text.slice(found.start, found.end)).toBe('Policy Section 12');
    expect(pattern.find('nothing')).toBeUndefined();
    const strict = compileUserPattern('policy', { caseSensitive: true });
    expect(strict.type === 'pattern' && strict.pattern.test('Policy')).toBe(false);
    expect(strict.type === 'pattern' && strict.pattern.test('policy')).toBe(true);
  });

  it('compiles a source once per case rule, and keeps the two rules apart', () => {
    const first = compileUserPattern('refund issued');
    expect(compileUserPattern('refund issued')).toBe(first);
    const strict = compileUserPattern('refund issued', { caseSensitive: true });
    expect(strict).not.toBe(first);
    expect(first.type === 'pattern' && first.pattern.test('Refund Issued')).toBe(true);
    expect(strict.type === 'pattern' && strict.pattern.test('Refund Issued')).toBe(false);
    expect(compileUserPattern('refund issued', { caseSensitive: true })).toBe(strict);
  });

  it.each([
    [String.raw`(a)\1`, 'invalid escape sequence'],
    ['(?=a)b', 'unsupported Perl syntax'],
    ['(?<=a)b', 'invalid named capture'],
    ['[a-', 'missing closing ]'],
  ])('refuses %s, naming why', (source, reason) => {
    const result = compileUserPattern(source);
    expect(result.type).toBe('invalid');
    expect(result.type === 'invalid' && result.message).toContain(reason);
    expect(result.type === 'invalid' && result.message).toContain('RE2 syntax');
  });
});
