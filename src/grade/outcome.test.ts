import { describe, expect, it } from 'vitest';
import { ExpectSchema } from '../schema/index.js';
import type { StateSnapshot } from '../state/index.js';
import { diffStates } from '../state/index.js';
import { GraderError } from './grader-error.js';
import { gradeOutcome } from './outcome.js';

const s0: StateSnapshot = {
  orders: {
    '8842': { customer: 'ana', status: 'delivered', total_cents: 4299 },
    '8843': { customer: 'ana', status: 'delivered', total_cents: 1500 },
  },
  refunds: {},
  audit_log: {},
};

const refundExpect = ExpectSchema.parse({
  changes: [
    { set: 'orders/8842/status', to: 'refunded' },
    { insert: 'refunds', match: { order_id: '8842', amount_cents: 4299 }, count: 1 },
  ],
  assert: ['sT.refunds.filter(r, r.order_id == "8842").size() == 1'],
});

function refunded(
  extra: (state: Record<string, Record<string, Record<string, unknown>>>) => void = () => {},
) {
  const sT = structuredClone(s0) as Record<string, Record<string, Record<string, unknown>>>;
  sT.orders!['8842']!.status = 'refunded';
  sT.refunds!['RF-1'] = { order_id: '8842', amount_cents: 4299 };
  extra(sT);
  return diffStates(s0, sT as StateSnapshot);
}

function failed(grade: ReturnType<typeof gradeOutcome>): string[] {
  return grade.checks.filter((check) => !check.pass).map((check) => check.id);
}

describe('gradeOutcome', () => {
  it('passes when exactly the expected changes happened', () => {
    const grade = gradeOutcome({ expect: refundExpect, s0, diff: refunded() });
    expect(failed(grade)).toEqual([]);
    expect(grade.pass).toBe(true);
  });

  it('fails the outcome when another order changed (collateral damage)', () => {
    const diff = refunded((sT) => {
      sT.orders!['8843']!.status = 'refunded';
    });
    const grade = gradeOutcome({ expect: refundExpect, s0, diff });
    expect(failed(grade)).toEqual(['expect.unchanged']);
    expect(grade.checks.at(-1)?.message).toBe('unexpected changes: orders/8843 (status)');
    expect(grade.checks.at(-1)?.evidence).toMatchObject({
      unexpected: [{ record: 'orders/8843', fields: ['status'] }],
    });
  });

  it('counts another field of the expected record as collateral', () => {
    const diff = refunded((sT) => {
      sT.orders!['8842']!.total_cents = 0;
    });
    expect(failed(gradeOutcome({ expect: refundExpect, s0, diff }))).toEqual(['expect.unchanged']);
  });

  it('explains a nested field only: a sibling changed beside it is collateral', () => {
    const nested: StateSnapshot = {
      orders: { '8842': { status: 'pending', address: { city: 'Austin', zip: '78701' } } },
    };
    const moveExpect = ExpectSchema.parse({
      changes: [{ set: 'orders/8842/address/city', to: 'Dallas' }],
    });
    const moved = (zip: string) =>
      diffStates(nested, {
        orders: { '8842': { status: 'pending', address: { city: 'Dallas', zip } } },
      });
    expect(gradeOutcome({ expect: moveExpect, s0: nested, diff: moved('78701') }).pass).toBe(true);
    const grade = gradeOutcome({ expect: moveExpect, s0: nested, diff: moved('75201') });
    expect(failed(grade)).toEqual(['expect.unchanged']);
    expect(grade.checks.at(-1)?.message).toBe('unexpected changes: orders/8842 (address)');
  });

  it('allows incidental changes named by glob', () => {
    const diff = refunded((sT) => {
      sT.audit_log!['a1'] = { event: 'refund' };
      sT.orders!['8842']!.updated_at = '2026-10-05';
    });
    const strict = gradeOutcome({ expect: refundExpect, s0, diff });
    expect(failed(strict)).toEqual(['expect.unchanged']);
    const lenient = gradeOutcome({
      expect: { ...refundExpect, incidental: ['audit_log/*', 'orders/*/updated_at'] },
      s0,
      diff,
    });
    expect(lenient.pass).toBe(true);
  });

  it('fails a set whose value is wrong and names expected and actual', () => {
    const diff = diffStates(s0, {
      ...s0,
      orders: { ...s0.orders, '8842': { ...s0.orders!['8842']!, status: 'cancelled' } },
    });
    const grade = gradeOutcome({ expect: refundExpect, s0, diff });
    expect(grade.checks[0]).toMatchObject({
      id: 'expect.changes[0]',
      pass: false,
      message: 'orders/8842/status is "cancelled", expected "refunded"',
      evidence: {
        record: 'orders/8842',
        expected: 'refunded',
        actual: 'cancelled',
        before: 'delivered',
      },
    });
  });

  it('fails an insert with a count when the record was inserted twice', () => {
    const diff = refunded((sT) => {
      sT.refunds!['RF-2'] = { order_id: '8842', amount_cents: 4299 };
    });
    const grade = gradeOutcome({ expect: refundExpect, s0, diff });
    expect(failed(grade)).toEqual(['expect.changes[1]', 'expect.assert[0]']);
  });

  it('fails an insert whose fields do not match (dollars instead of cents)', () => {
    const diff = refunded((sT) => {
      sT.refunds!['RF-1'] = { order_id: '8842', amount_cents: 42.99 };
    });
    const grade = gradeOutcome({ expect: refundExpect, s0, diff });
    expect(failed(grade)).toEqual(['expect.changes[1]', 'expect.unchanged']);
  });

  it('checks deletes', () => {
    const expectDelete = ExpectSchema.parse({ changes: [{ delete: 'orders/8843' }] });
    const { '8843': _gone, ...rest } = s0.orders!;
    expect(
      gradeOutcome({ expect: expectDelete, s0, diff: diffStates(s0, { ...s0, orders: rest }) })
        .pass,
    ).toBe(true);
    expect(gradeOutcome({ expect: expectDelete, s0, diff: {} }).pass).toBe(false);
  });

  it('passes a no-change task when nothing changed, and fails it on any change', () => {
    const none = ExpectSchema.parse({});
    expect(gradeOutcome({ expect: none, s0, diff: {} }).pass).toBe(true);
    expect(gradeOutcome({ expect: none, s0, diff: refunded() }).pass).toBe(false);
  });

  it('ignores unlisted changes with unchanged: ignore', () => {
    const loose = ExpectSchema.parse({
      changes: [{ set: 'orders/8842/status', to: 'refunded' }],
      unchanged: 'ignore',
    });
    expect(gradeOutcome({ expect: loose, s0, diff: refunded() }).pass).toBe(true);
  });

  it('evaluates CEL over s0 and sT, by list and by id', () => {
    const withAsserts = ExpectSchema.parse({
      unchanged: 'ignore',
      assert: [
        's0.refunds.size() == 0 && sT.refunds.size() == 1',
        'sT_by_id.orders["8842"].status == "refunded" && s0_by_id.orders["8842"].status == "delivered"',
        'sT_by_id.orders["8843"].status == "refunded"',
        'sT.shipments.size() == 0 && s0.shipments.size() == 0 && sT_by_id.shipments.size() == 0',
      ],
    });
    const grade = gradeOutcome({ expect: withAsserts, s0, diff: refunded() });
    expect(grade.checks.map((check) => check.pass)).toEqual([true, true, false, true]);
    expect(grade.checks[2]?.message).toBe('sT_by_id.orders["8843"].status == "refunded" is false');
  });

  describe('an assertion that cannot be evaluated is a grader error, not a failed check', () => {
    const thrown = (assert: string[]): GraderError => {
      const broken = ExpectSchema.parse({ unchanged: 'ignore', assert });
      try {
        gradeOutcome({ expect: broken, s0, diff: refunded() });
      } catch (error) {
        if (error instanceof GraderError) return error;
        throw error;
      }
      throw new Error('gradeOutcome did not throw');
    };

    it.each([
      [
        'an unknown function',
        'sT.orders.map(o, o.total_cents).sum() > 0',
        /no matching overload for 'list.sum\(\)'/,
      ],
      [
        'double * int',
        'sT_by_id.orders["8842"].total_cents * 2 > 0',
        /no such overload: dyn<double> \* int/,
      ],
      ['a missing key', 'sT_by_id.orders["9999"].status == "x"', /No such key: 9999/],
      ['a missing field', 'sT_by_id.orders["8842"].refunded_at == "x"', /No such key: refunded_at/],
      ['a non-boolean result', 'sT.refunds.size()', /gave bigint, not a boolean/],
      ['a parse error', 'sT.refunds.size( == 1', /does not parse/],
    ])('for %s', (_, expression, error) => {
      const graderError = thrown(['sT.refunds.size() == 1', expression]);
      expect(graderError.checkId).toBe('expect.assert[1]');
      expect(graderError.message).toMatch(/^expect\.assert\[1\]: /);
      expect(graderError.message).toMatch(error);
      const check = graderError.checks.find((c) => c.id === 'expect.assert[1]');
      expect(check).toMatchObject({ kind: 'assert', pass: false });
      expect(check?.message).toMatch(error);
      expect(check?.evidence).toMatchObject({ expression });
      expect(graderError.checks[0]).toMatchObject({ id: 'expect.assert[0]', pass: true });
    });

    it('stays an agent failure when another check already fails the outcome', () => {
      // The agent deleted order 8842: the expected set fails, and the assertion that
      // reads the record breaks. The verdict does not rest on the broken assertion.
      const expectation = ExpectSchema.parse({
        changes: [{ set: 'orders/8842/status', to: 'refunded' }],
        assert: ['sT_by_id.orders["8842"].status == "refunded"'],
      });
      const sT = structuredClone(s0) as Record<string, Record<string, unknown>>;
      delete sT.orders!['8842'];
      const grade = gradeOutcome({
        expect: expectation,
        s0,
        diff: diffStates(s0, sT as StateSnapshot),
      });
      expect(grade.pass).toBe(false);
      expect(failed(grade)).toEqual(['expect.changes[0]', 'expect.assert[0]', 'expect.unchanged']);
      expect(grade.checks[1]?.message).toMatch(/could not be evaluated: No such key: 8842/);
    });

    it('names every broken assertion', () => {
      const graderError = thrown(['sT.refunds.sum() == 1', 'true', 'sT.refunds.size()']);
      expect(graderError.checkId).toBe('expect.assert[0]');
      expect(graderError.message).toMatch(/^expect\.assert\[0\]: .*; expect\.assert\[2\]: /);
    });
  });

  // Regressions found by test/property.
  it('reads names of Object.prototype properties as absent records and fields', () => {
    const probe = ExpectSchema.parse({
      changes: [{ set: 'orders/8842/constructor', to: 'x' }, { delete: '__proto__/__proto__' }],
      unchanged: 'ignore',
    });
    const grade = gradeOutcome({ expect: probe, s0, diff: {} });
    expect(grade.checks.map((check) => [check.pass, check.message])).toEqual([
      [false, 'orders/8842/constructor is absent, expected "x"'],
      [false, '__proto__/__proto__ did not exist in s0'],
    ]);
    expect(JSON.parse(JSON.stringify(grade))).toEqual(grade);
  });

  it('throws a GraderError for an incidental pattern picomatch refuses', () => {
    const bad = ExpectSchema.parse({ incidental: [''] });
    expect(() => gradeOutcome({ expect: bad, s0, diff: refunded() })).toThrow(GraderError);
  });
});
