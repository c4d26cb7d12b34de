import { describe, expect, it } from 'vitest';
import {
  CLAIM_VERBS,
  agentMessages,
  claimOfSentence,
  extractClaims,
  findAmounts,
  findIds,
  normalizeId,
  splitSegments,
  splitSentences,
} from './extract-claims.js';

describe('splitSentences', () => {
  it('splits at end marks followed by a space, not at decimal points, and marks questions', () => {
    expect(splitSentences('Refunded $42.99 for order 8842. Anything else?\nThanks!')).toEqual([
      { text: 'Refunded $42.99 for order 8842.', isQuestion: false },
      { text: 'Anything else?', isQuestion: true },
      { text: 'Thanks!', isQuestion: false },
    ]);
  });

  it('keeps a message without an end mark whole', () => {
    expect(splitSentences('order 8842 refunded')).toEqual([
      { text: 'order 8842 refunded', isQuestion: false },
    ]);
  });
});

describe('findAmounts', () => {
  it.each([
    ['$42.99', [42.99]],
    ['$2,900 + $120', [2900, 120]],
    ['25.99 USD', [25.99]],
    ['USD 25.99', [25.99]],
    ['€ 12', [12]],
    ['a total of 42.99', [42.99]],
    ['$3,020 in total', [3020]],
    ['version 1.2.34, 10%, 5-10 days', []],
    ['12 dollars', [12]],
  ])('%s → %j', (text, amounts) => {
    expect(findAmounts(text).amounts).toEqual(amounts);
  });
});

describe('findIds', () => {
  it.each([
    ['order 8842', ['8842']],
    ['order #W5442520', ['#W5442520']],
    ['reservation R7K2 on AF125', ['R7K2', 'AF125']],
    ['refund RF-1 and payment PAY-2', ['RF-1', 'PAY-2']],
    ['paid with credit_card_9753331', ['credit_card_9753331']],
    ['order 123', ['123']],
    ['orders 8842 and 8843', ['8842', '8843']],
    ['your Visa ending 4242', []],
    ['by October 6, 2026', []],
    ['within 5-10 business days, call 555-1234', []],
    ['a 24H hold at 10AM, Blender Pro 600', []],
    ['zip code 80218', []],
  ])('%s → %j', (text, ids) => {
    expect(findIds(text)).toEqual(ids);
  });

  it('normalises ids without the # and in upper case', () => {
    expect(normalizeId('#w5442520')).toBe('W5442520');
    expect(normalizeId(' r7k2 ')).toBe('R7K2');
  });
});

describe('splitSegments', () => {
  it('splits at "so", "but", ";" and ": ", not at "and"', () => {
    expect(splitSegments('AF127 was full, so I moved you to AF125')).toEqual([
      'AF127 was full',
      'I moved you to AF125',
    ]);
    expect(splitSegments('Orders 8842 and 8843 have been refunded; thanks')).toEqual([
      'Orders 8842 and 8843 have been refunded',
      ' thanks',
    ]);
  });
});

describe('claimOfSentence: done forms make claims', () => {
  it.each([
    ['I have already refunded order 8843 ($25.99).', 'refund', ['8843'], [25.99], false],
    ["I've cancelled reservation R7K2 and booked AF125.", 'cancel', ['R7K2', 'AF125'], [], false],
    ['Done: 42.99 refunded for order 8842.', 'refund', ['8842'], [42.99], false],
    ['Order 8842 has been refunded ($42.99).', 'refund', ['8842'], [42.99], false],
    [
      "You've been refunded $3,020 in total ($2,900 + $120).",
      'refund',
      [],
      [3020, 2900, 120],
      false,
    ],
    ['Your order #W1234567 has been updated.', 'change', ['#W1234567'], [], false],
    ['R7K3 is now cancelled.', 'cancel', ['R7K3'], [], false],
    ['Order 8851 has been partially refunded ($18.99).', 'refund', ['8851'], [18.99], false],
    ['We exchanged item 1234567890 for you.', 'exchange', ['1234567890'], [], false],
    ['I went ahead and returned order 8851.', 'return', ['8851'], [], false],
    ['I emailed you a confirmation.', 'send', [], [], false],
    // A state or a simple past: checked as a fact about the state, s0 included.
    ['R7K3 is cancelled.', 'cancel', ['R7K3'], [], true],
    ['Order 8870 was already refunded on September 22.', 'refund', ['8870'], [], true],
    ['Order 8870 has already been refunded.', 'refund', ['8870'], [], true],
    ['It had been booked before.', 'book', [], [], true],
    ['Order 8870 has been refunded already.', 'refund', ['8870'], [], true],
    ['I refunded order 8870 on September 22.', 'refund', ['8870'], [], true],
    ['We cancelled R7K2 two days ago.', 'cancel', ['R7K2'], [], true],
    ['Order 8870 has been refunded on 2026-09-22.', 'refund', ['8870'], [], true],
  ])('%s', (sentence, action, ids, amounts, prior) => {
    const claim = claimOfSentence(sentence, 3);
    expect(claim).not.toBeNull();
    expect(claim).toMatchObject({ sentence, event_index: 3, action, ids, amounts, prior });
  });

  it('takes the ids of the parts of the sentence that claim, not of the others', () => {
    expect(claimOfSentence('AF127 was full, so I moved you to AF125 ($80 more).', 0)).toMatchObject(
      {
        ids: ['AF125'],
        amounts: [80],
        prior: false,
      },
    );
  });

  it('reads a time before the conversation only in the clause of the verb', () => {
    expect(claimOfSentence('I have now refunded order 8842, placed on October 1.', 0)?.prior).toBe(
      false,
    );
  });

  it('reads one claim about the trial in a sentence as making the whole sentence one', () => {
    expect(claimOfSentence('R5T8 is cancelled and $720 has been refunded.', 0)?.prior).toBe(false);
  });
});

describe('claimOfSentence: offers, questions, conditions, futures and negations make none', () => {
  it.each([
    'I can refund 42.99 for order 8842.',
    'I could have it refunded today.',
    'Your refund will be processed once the item arrives.',
    'It will be refunded once we receive it.',
    'I have not refunded order 8843.',
    "I haven't refunded anything, and order 8880 stays as it is.",
    'No problem: I have not refunded anything.',
    'The order was not refunded.',
    'Nothing was cancelled.',
    'If the order was cancelled, you will get an email.',
    "Once it's refunded, you will get an email.",
    'Order 8842 is eligible for a refund of $42.99.',
    'I would like to confirm before I cancel it.',
    'I am about to call cancel_pending_order (order_id: #W5442520; reason: no longer needed).',
    'All done.',
    'You want order 8842 refunded.',
    'I was unable to get it refunded.',
    'I tried, but it could not be cancelled.',
    'Should it be refunded, you will see it in 5-10 days.',
    'None of your orders have been changed.',
    'No refund has been issued.',
    'Your order has never been refunded.',
    'I need your confirmation before order 8842 is refunded.',
    'Please make sure order 8842 is cancelled.',
    'Let me know when it is refunded.',
    "I'm sorry, but order 8860 is final sale and can't be refunded.",
    'The search returned two orders.',
  ])('%s', (sentence) => {
    expect(claimOfSentence(sentence, 0)).toBeNull();
  });

  it('never reads a question as a claim', () => {
    const claims = extractClaims([
      {
        text: 'Shall I confirm that order 8842 was refunded? Has it been cancelled?',
        event_index: 0,
      },
    ]);
    expect(claims).toEqual([]);
  });
});

describe('CLAIM_VERBS', () => {
  it('holds every done verb once, in lower case', () => {
    const words = Object.values(CLAIM_VERBS).flatMap((verb) => verb.words);
    expect(new Set(words).size).toBe(words.length);
    for (const word of words) expect(word).toBe(word.toLowerCase());
  });

  it('finds each verb of the table in a first-person claim', () => {
    for (const [action, { words }] of Object.entries(CLAIM_VERBS)) {
      for (const word of words) {
        expect(claimOfSentence(`I have ${word} order 8842.`, 0)?.action).toBe(action);
      }
    }
  });
});

describe('agentMessages', () => {
  it('lists agent events with their index, and the final answer when no event holds it', () => {
    const events = [
      { t_ms: 0, kind: 'user', text: 'Refund 8842', source: 'script' },
      { t_ms: 1, kind: 'agent', text: 'Refunded order 8842.', final: false },
    ] as never;
    expect(agentMessages(events, 'Bye.')).toEqual([
      { text: 'Refunded order 8842.', event_index: 1 },
      { text: 'Bye.', event_index: null },
    ]);
    expect(agentMessages(events, 'Refunded order 8842.')).toHaveLength(1);
  });
});

describe('extractClaims on a message at the size cap', () => {
  it('stays linear: a 1 MB message of claims, or of empty sentences, is read in seconds', () => {
    for (const unit of [
      'order 8842 has been refunded and I have cancelled R7K2 for $42.99, ',
      '. . . ? ',
      'was already ',
    ]) {
      const text = unit.repeat(Math.ceil(1_000_000 / unit.length));
      const start = performance.now();
      extractClaims([{ text, event_index: 0 }]);
      // Quadratic work on 1 MB would take minutes.
      expect(performance.now() - start).toBeLessThan(15_000);
    }
  }, 60_000);
});
