import type { Step } from '../../../schema/index.js';
import type { RetailFixture } from '../check-retail-fixture.js';
import { evaluateArithmetic } from '../../taubench/index.js';
import { pythonRound2 } from '../../taubench/index.js';
import type { RetailOrder, RetailUser } from '../retail-records.js';
import type { HeldoutMapping } from './heldout-mapping.js';
import type { AmountMention } from './rename-text.js';
import { renameText } from './rename-text.js';

/** Orders with more lines than this contribute their total only, not every partial sum. */
const MAX_SUBSET_LINES = 12;

const total = (prices: readonly number[]): number =>
  pythonRound2(prices.reduce((sum, value) => sum + value, 0));

/**
 * The amounts a task's text may quote, old value → new value: every price,
 * and every sum of lines of one of the owner's orders (a refund, a total).
 * A sum two sets of lines reach with different new sums is left out, so
 * that it is reported as unmapped rather than guessed.
 */
export function taskAmounts(
  fixture: RetailFixture,
  mapping: HeldoutMapping,
  owner: string | undefined,
): Map<number, number> {
  const sums = new Map<number, number | null>();
  const user = owner === undefined ? undefined : (fixture.users[owner] as RetailUser | undefined);
  for (const orderId of user?.orders ?? []) {
    const order = fixture.orders[orderId] as RetailOrder | undefined;
    if (order === undefined) continue;
    const old = order.items.map((line) => line.price);
    const renamed = old.map((price) => mapping.prices.get(price) ?? price);
    const full = (1 << old.length) - 1;
    const masks = old.length <= MAX_SUBSET_LINES ? full : 0;
    for (let mask = full; mask >= (masks === 0 ? full : 1); mask--) {
      const pick = (prices: readonly number[]) =>
        prices.filter((_, index) => (mask & (1 << index)) !== 0);
      const from = total(pick(old));
      const to = total(pick(renamed));
      const earlier = sums.get(from);
      sums.set(from, earlier === undefined || earlier === to ? to : null);
    }
  }
  const amounts = new Map<number, number>();
  for (const [from, to] of sums) if (to !== null) amounts.set(from, to);
  for (const [from, to] of mapping.prices) amounts.set(from, to);
  return amounts;
}

/**
 * Adds the results of a path's `calculate` calls to `amounts`: each
 * expression renamed (its amounts mapped), both evaluated as the tool does,
 * and the old result (and its magnitude, for a difference quoted without
 * its sign) mapped to the new one. Returns the amounts an expression
 * quotes that nothing maps; such a calculation is left out.
 */
export function addCalculations(
  steps: readonly Step[],
  mapping: HeldoutMapping,
  amounts: Map<number, number>,
): AmountMention[] {
  const unmapped: AmountMention[] = [];
  for (const step of steps) {
    if (!('tool' in step) || step.tool !== 'calculate') continue;
    const expression = step.args.expression;
    if (typeof expression !== 'string') continue;
    const renamed = renameText(expression, { mapping, amounts });
    if (renamed.unmapped.length > 0) {
      unmapped.push(...renamed.unmapped);
      continue;
    }
    const before = evaluateArithmetic(expression);
    const after = evaluateArithmetic(renamed.text);
    if (!before.ok || !after.ok) continue;
    const from = pythonRound2(before.value);
    const to = pythonRound2(after.value);
    if (!amounts.has(from)) amounts.set(from, to);
    if (!amounts.has(Math.abs(from))) amounts.set(Math.abs(from), Math.abs(to));
  }
  return unmapped;
}

/**
 * The known amounts whose side of `threshold` the renaming changed: a
 * price of 299.50 that became 301.20 crosses "$300". An amount a text
 * quotes that is no amount of the data (a budget, a limit) is kept only
 * when this is empty, so that what the text says of the data stays true.
 */
export function crossedAmounts(threshold: number, amounts: ReadonlyMap<number, number>): number[] {
  const side = (value: number) => Math.sign(value - threshold);
  return [...amounts].filter(([from, to]) => side(from) !== side(to)).map(([from]) => from);
}

/** The dollar amounts a text quotes (`$300`, `$1,131.50`), as numbers. */
export function dollarAmounts(text: string): number[] {
  return [...text.matchAll(/\$(\d+(?:,\d{3})*(?:\.\d+)?)/g)].map((match) =>
    Number((match[1] ?? '').replace(/,/g, '')),
  );
}
