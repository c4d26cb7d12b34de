import { describe, expect, it } from 'vitest';
import { CEL_LIMITS, parseCelWithinLimits } from './cel-limits.js';

const message = (expression: string): string | undefined => {
  const parsed = parseCelWithinLimits(expression);
  return parsed.type === 'invalid' ? parsed.message : undefined;
};

describe('parseCelWithinLimits', () => {
  it('parses an assertion within every limit', () => {
    expect(message('sT.refunds.filter(r, r.order_id == "8842").size() == 1')).toBeUndefined();
  });

  it(`refuses an expression longer than ${CEL_LIMITS.maxLength} characters, naming the limit`, () => {
    const long = `${'true && '.repeat(512)}true`;
    expect(long.length).toBeGreaterThan(CEL_LIMITS.maxLength);
    expect(message(long)).toBe(
      `exceeds the CEL limit of 4096 characters (it has ${long.length}): split it into several assertions`,
    );
  });

  it('allows two comprehensions nested, and any number chained', () => {
    expect(message('sT.orders.all(a, sT.refunds.exists(r, r.order_id == a.id))')).toBeUndefined();
    expect(
      message('sT.orders.filter(o, o.x).map(o, o.id).filter(i, i != "").all(i, i.size() > 0)'),
    ).toBeUndefined();
    expect(
      message('sT.orders.filter(a, sT.orders.exists(b, b.id == a.id)).all(c, true)'),
    ).toBeUndefined();
  });

  it('refuses three comprehensions nested, in a body or in a receiver inside a body', () => {
    expect(
      message(
        'sT.orders.all(a, sT.orders.all(b, sT.orders.exists(c, c.id == a.id && c.id == b.id)))',
      ),
    ).toMatch(/^nests comprehensions 3 deep, past the CEL limit of 2/);
    expect(
      message('sT.orders.all(a, sT.orders.filter(b, sT.orders.exists(c, c == b)).size() > 0)'),
    ).toMatch(/^nests comprehensions 3 deep/);
  });

  it('refuses a parse tree past the node or depth limit', () => {
    expect(message(`${'('.repeat(40)}true${')'.repeat(40)}`)).toMatch(/^exceeds a CEL limit/);
    expect(message(Array.from({ length: 600 }, (_, i) => `${i}`).join(' + ') + ' > 0')).toMatch(
      /^exceeds a CEL limit/,
    );
  });

  it('says when an expression does not parse', () => {
    expect(message('sT.orders.all(')).toMatch(/^does not parse: /);
  });
});
