import { describe, expect, it } from 'vitest';
import { findSimilarCollection } from './find-similar-collection.js';

describe('findSimilarCollection', () => {
  const known = ['orders', 'addresses', 'order_items', 'cards', 'reservations', 'boxes'];

  it('finds a collection that differs by case, separators or a plural ending', () => {
    expect(findSimilarCollection('order', known)).toBe('orders');
    expect(findSimilarCollection('Orders', known)).toBe('orders');
    expect(findSimilarCollection('address', known)).toBe('addresses');
    expect(findSimilarCollection('orderItems', known)).toBe('order_items');
    expect(findSimilarCollection('box', known)).toBe('boxes');
  });

  it('finds a one-letter typo in a long name only', () => {
    expect(findSimilarCollection('reservatons', known)).toBe('reservations');
    expect(findSimilarCollection('carts', known)).toBeUndefined();
    expect(findSimilarCollection('refunds', known)).toBeUndefined();
  });

  it('never suggests the name itself', () => {
    expect(findSimilarCollection('orders', known)).toBeUndefined();
  });
});
