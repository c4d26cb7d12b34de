import { toolError } from '../../environment/index.js';
import type { ToolFailure } from '../../environment/index.js';
import type { WorkingState } from '../../state/index.js';
import { ownEntry, readProduct } from './retail-records.js';
import type { RetailLineItem, RetailOrder, RetailVariant } from './retail-records.js';

/** The checks that modify-items and exchange share, and the price difference they find. */
export type ItemSwapCheck =
  | { readonly ok: true; readonly priceDifference: number }
  | { readonly ok: false; readonly failure: ToolFailure };

/** One line to change: where it is and what it becomes. */
export interface LineSwap {
  readonly lineIndex: number;
  readonly itemId: string;
  readonly variant: RetailVariant;
}

/**
 * The first requested id that the list names more often than the order has
 * lines with it (duplicates are fine when the order has duplicates), as
 * tau-bench's `item_ids.count(id) > all_item_ids.count(id)` loop finds it.
 */
export function findMissingItem(
  items: readonly RetailLineItem[],
  itemIds: readonly string[],
): string | undefined {
  const available = countOf(items.map((line) => line.item_id));
  const requested = countOf(itemIds);
  return itemIds.find((id) => (requested.get(id) ?? 0) > (available.get(id) ?? 0));
}

function countOf(ids: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

/**
 * tau-bench's checks 2 to 4 of modify-items and exchange, in its order:
 * every old id is in the order, the lists have the same length, each new id
 * is an available variant of the old line's product. Sums the price
 * difference as Python does (from 0, `+= new - old` per pair, the old price
 * being that of the first line with the id), unrounded: modify-items keeps
 * the float noise, exchange rounds it.
 */
export function checkItemSwap(
  state: WorkingState,
  order: RetailOrder,
  itemIds: readonly string[],
  newItemIds: readonly string[],
): ItemSwapCheck {
  const missing = findMissingItem(order.items, itemIds);
  if (missing !== undefined) {
    return { ok: false, failure: toolError('item_not_found', `${missing} not found`) };
  }
  if (itemIds.length !== newItemIds.length) {
    return {
      ok: false,
      failure: toolError('item_count_mismatch', 'the number of items to be exchanged should match'),
    };
  }
  let priceDifference = 0;
  for (const [index, itemId] of itemIds.entries()) {
    const newItemId = newItemIds[index] ?? '';
    const line = order.items.find((candidate) => candidate.item_id === itemId);
    const variant = line === undefined ? undefined : variantOf(state, line, newItemId);
    if (line === undefined || variant === undefined || !variant.available) {
      return {
        ok: false,
        failure: toolError('item_unavailable', `new item ${newItemId} not found or available`),
      };
    }
    priceDifference += variant.price - line.price;
  }
  return { ok: true, priceDifference };
}

/**
 * The lines modify-items changes, pair by pair: each time the first line
 * whose current id is the old one, so duplicates hit successive lines (the
 * first was renamed already) while new == old finds the same line again.
 * Undefined only for data that breaks the fixture's references.
 */
export function planLineSwaps(
  state: WorkingState,
  items: readonly RetailLineItem[],
  itemIds: readonly string[],
  newItemIds: readonly string[],
): LineSwap[] | undefined {
  const currentIds = items.map((line) => line.item_id);
  const swaps: LineSwap[] = [];
  for (const [index, itemId] of itemIds.entries()) {
    const newItemId = newItemIds[index] ?? '';
    const lineIndex = currentIds.indexOf(itemId);
    const line = items[lineIndex];
    const variant = line === undefined ? undefined : variantOf(state, line, newItemId);
    if (variant === undefined) return undefined;
    currentIds[lineIndex] = newItemId;
    swaps.push({ lineIndex, itemId: newItemId, variant });
  }
  return swaps;
}

function variantOf(
  state: WorkingState,
  line: RetailLineItem,
  itemId: string,
): RetailVariant | undefined {
  const product = readProduct(state, line.product_id);
  return product === undefined ? undefined : ownEntry(product.variants, itemId);
}
