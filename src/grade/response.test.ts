import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TrialEvent } from '../schema/index.js';
import { gradeResponse, normalizeForMatch } from './response.js';

const said = (...texts: string[]): TrialEvent[] =>
  texts.map((text, index) => ({ t_ms: 0, kind: 'agent', text, final: index === texts.length - 1 }));

describe('gradeResponse', () => {
  it('finds a fact case-insensitively in any message, the final answer included', () => {
    const grade = gradeResponse({
      communicate: ['Final Sale'],
      events: said('Let me check.', 'That item was final sale.'),
    });
    expect(grade.pass).toBe(true);
    expect(grade.checks[0]?.evidence).toEqual({ fact: 'Final Sale', event_index: 1 });
  });

  it('ignores thousands separators on either side', () => {
    expect(
      gradeResponse({ communicate: ['1299.00'], events: said('You will get $1,299.00 back.') })
        .pass,
    ).toBe(true);
    expect(
      gradeResponse({ communicate: ['1,299'], events: said('Refund: 1299 dollars') }).pass,
    ).toBe(true);
  });

  it('fails when the fact is missing, and does not read user messages', () => {
    const events: TrialEvent[] = [
      { t_ms: 0, kind: 'user', text: 'Is it 42.99?', source: 'instruction' },
      ...said('Done.'),
    ];
    const grade = gradeResponse({ communicate: ['42.99'], events });
    expect(grade.pass).toBe(false);
    expect(grade.checks[0]?.message).toBe(
      `"42.99" never appears in the agent's 1 message(s) to the user`,
    );
  });

  it('matches a fact as a whole token, not inside a longer number or word', () => {
    expect(
      gradeResponse({ communicate: ['80'], events: said('The difference is $80.00.') }).pass,
    ).toBe(true);
    expect(
      gradeResponse({ communicate: ['80'], events: said('The difference is $180.') }).pass,
    ).toBe(false);
    expect(gradeResponse({ communicate: ['sale'], events: said('We sell wholesale.') }).pass).toBe(
      false,
    );
  });

  it('matches substrings with commas removed in tau-bench mode', () => {
    const events = said('That comes to $1,093.34, and 100 points.');
    expect(gradeResponse({ communicate: ['1093.34', '10'], events, match: 'substring' }).pass).toBe(
      true,
    );
    expect(gradeResponse({ communicate: ['10'], events }).pass).toBe(false);
  });

  // Regressions found by test/property: a long fact no longer becomes a RegExp.
  it('matches a fact longer than a regular expression can hold', () => {
    const fact = 'x'.repeat(70_000);
    expect(gradeResponse({ communicate: [fact], events: said(`ref ${fact}.`) }).pass).toBe(true);
    expect(gradeResponse({ communicate: [fact], events: said(`${fact}x`) }).pass).toBe(false);
  });

  it('agrees with the whole-token regular expression on any short fact and message', () => {
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const byRegExp = (fact: string, message: string): boolean => {
      const needle = normalizeForMatch(fact);
      const before = /^[\p{L}\p{N}]/u.test(needle) ? '(?<![\\p{L}\\p{N}])' : '';
      const after = /[\p{L}\p{N}]$/u.test(needle) ? '(?![\\p{L}\\p{N}])' : '';
      return new RegExp(`${before}${escape(needle)}${after}`, 'u').test(normalizeForMatch(message));
    };
    const text = fc.string({
      unit: fc.constantFrom('a', 'B', '8', '0', ',', '.', '$', ' ', 'é', '🙂'),
    });
    fc.assert(
      fc.property(text, text, (fact, message) => {
        const grade = gradeResponse({ communicate: [fact], events: said(message) });
        expect(grade.pass).toBe(byRegExp(fact, message));
      }),
      { numRuns: 2_000, seed: 7 },
    );
  });
});
