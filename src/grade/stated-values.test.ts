import { describe, expect, it } from 'vitest';
import { addHeldValuesInJson, heldValues, statedValues } from './stated-values.js';

const stated = (text: string) => statedValues(text).map(({ kind, value }) => `${kind} ${value}`);

describe('statedValues', () => {
  it('reads an amount from a currency sign or a decimal fraction, a number from bare digits', () => {
    expect(stated('$80, € 12, 42.99 and (62.00); 8842 in 5-10 days')).toEqual([
      'amount 80',
      'amount 12',
      'amount 42.99',
      'amount 62',
      'number 8842',
      'number 5',
      'number 10',
    ]);
  });

  it('compares values, not how they are written', () => {
    expect(stated('$59.30 0080 80.00')).toEqual(['amount 59.3', 'number 80', 'amount 80']);
  });

  it('reads no number out of an id, a unit or a version', () => {
    expect(stated('#w7639559 af125 64gb 42.99x v1.2.3 1.2.3')).toEqual([]);
  });

  it('says where each number stands and how it was written', () => {
    expect(statedValues('is $ 18.99.')).toEqual([
      { kind: 'amount', value: '18.99', text: '$ 18.99', start: 3, end: 10 },
    ]);
  });
});

describe('heldValues', () => {
  it('reads every run of digits, inside timestamps and ids too', () => {
    expect(heldValues('2026-08-20T11:00:00Z W7639559')).toEqual([
      '2026',
      '8',
      '20',
      '11',
      '0',
      '0',
      '7639559',
    ]);
  });

  it('joins thousands separators', () => {
    expect(heldValues('$1,299.00 and 3,020')).toEqual(['1299', '3020']);
  });

  it('reads the numbers, strings and keys of a JSON value', () => {
    const held = new Set<string>();
    addHeldValuesInJson(
      { '8842': { price: 1741.8, note: 'was $25.99', ok: true }, n: [7, '0.50'] },
      held,
    );
    expect([...held]).toEqual(['8842', '1741.8', '25.99', '7', '0.5']);
  });
});
