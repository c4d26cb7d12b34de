import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JsonValue } from '../core/index.js';
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
    // Ten characters cannot hold four numbers beside the fact (the least,
    // "8 0 80 88 800", takes 13), so the commitment rule never applies.
    const text = fc.string({
      unit: fc.constantFrom('a', 'B', '8', '0', ',', '.', '$', ' ', 'é', '🙂'),
      maxLength: 10,
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

/** Every amount from $0.00 to $999.99 in one message: a guess at any price. */
const SHOTGUN = Array.from({ length: 100_000 }, (_, cents) => `$${(cents / 100).toFixed(2)}`).join(
  ', ',
);

const read = (result: JsonValue): TrialEvent[] => [
  { t_ms: 0, kind: 'tool_call', call_id: 'c1', tool: 'calculate_refund', args: {} },
  {
    t_ms: 0,
    kind: 'tool_result',
    call_id: 'c1',
    tool: 'calculate_refund',
    ok: true,
    result,
    duration_ms: 0,
  },
];

describe('gradeResponse: a fact counts only in a message that commits to it', () => {
  it('fails a fact said beside every other amount, and says why', () => {
    const grade = gradeResponse({ communicate: ['42.99'], events: said(SHOTGUN) });
    expect(grade.pass).toBe(false);
    expect(grade.checks[0]?.message).toMatchInlineSnapshot(
      `""42.99" was said, but beside 99999 other amounts ($0.00, $0.01, $0.02, ...): not a commitment (at most 3 values that no tool result, user message or expected fact gave may stand beside it)"`,
    );
    expect(grade.checks[0]?.evidence).toMatchObject({
      fact: '42.99',
      event_index: null,
      said_at: 0,
      beside: { count: 99_999 },
    });
  });

  it('fails whole-number facts and tau-bench outputs in the same message', () => {
    for (const match of ['token', 'substring'] as const) {
      const grade = gradeResponse({
        communicate: ['80', '10', '1093.34'],
        events: said(SHOTGUN),
        match,
      });
      expect(grade.checks.map((check) => check.pass)).toEqual([false, false, false]);
    }
  });

  it('lets up to three values from nowhere stand beside the fact, not four', () => {
    const three = 'Refund $42.99: $20.00 + $19.00 + $3.99.';
    const four = 'Refund $42.99: $20.00 + $19.00 + $3.00 + $0.99.';
    expect(gradeResponse({ communicate: ['42.99'], events: said(three) }).pass).toBe(true);
    expect(gradeResponse({ communicate: ['42.99'], events: said(four) }).pass).toBe(false);
  });

  it('does not count values read from a tool result before the message', () => {
    const breakdown = 'Refund $42.99: $20.00 + $19.00 + $3.00 + $0.99.';
    const events = [...read({ items: [20, '$19.00'], tax: 3, fee: 0.99 }), ...said(breakdown)];
    expect(gradeResponse({ communicate: ['42.99'], events }).pass).toBe(true);
  });

  it('does not count values the user said, or those of the other expected facts', () => {
    const events: TrialEvent[] = [
      { t_ms: 0, kind: 'user', text: 'I paid $50 and $60, then $70.', source: 'instruction' },
      ...said('You paid $50, $60 and $70; the refund is $42.99 and the fee $5.00 with $1.00 back.'),
    ];
    expect(gradeResponse({ communicate: ['42.99', '5.00', '1.00'], events }).pass).toBe(true);
  });

  it('counts only values of the kind the fact is written as: amounts apart from whole numbers', () => {
    const text =
      'Order 8842 placed 2026-09-30 is refunded: $42.99, back in 5-10 days (ticket 77, case 12).';
    expect(gradeResponse({ communicate: ['42.99'], events: said(text) }).pass).toBe(true);
    expect(gradeResponse({ communicate: ['8842'], events: said(text) }).pass).toBe(false);
  });

  it('passes when one message commits, whatever another hedged', () => {
    const grade = gradeResponse({
      communicate: ['42.99'],
      events: said(SHOTGUN, 'The refund is $42.99.'),
    });
    expect(grade.pass).toBe(true);
    expect(grade.checks[0]?.evidence).toEqual({ fact: '42.99', event_index: 1 });
  });

  it('never holds a fact that is no number to the rule', () => {
    expect(
      gradeResponse({ communicate: ['final sale'], events: said(`final sale ${SHOTGUN}`) }).pass,
    ).toBe(true);
  });
});
