import { CEL_LIMITS } from '../core/index.js';

/** Thrown from inside an evaluation when it has read more records than CEL_LIMITS allows. */
export class StateReadBudgetExceeded extends Error {
  override readonly name = 'StateReadBudgetExceeded';
  constructor(readonly limit: number) {
    super(
      `read more than ${limit} records of the state, the CEL evaluation limit: nested comprehensions over large collections multiply their sizes; look records up by id (sT_by_id) or split the assertion`,
    );
  }
}

/** Reads left to one evaluation. */
export interface ReadBudget {
  remaining: number;
}

export function createReadBudget(limit: number = CEL_LIMITS.maxStateReads): ReadBudget {
  return { remaining: limit };
}

function charge(budget: ReadBudget, reads: number): void {
  budget.remaining -= reads;
  if (budget.remaining < 0) throw new StateReadBudgetExceeded(CEL_LIMITS.maxStateReads);
}

const isIndex = (key: string | symbol): boolean => typeof key === 'string' && /^\d+$/.test(key);

/**
 * A state view as CEL sees it (collection → list of records, or
 * collection → id → record) whose collections charge the budget for every
 * record read: an element of a list, an entry of a map looked up or
 * listed. Records themselves are handed out as they are. The views only
 * count: they return exactly what the state holds, frozen or not.
 */
export function countedCollections<T extends object>(
  collections: Readonly<Record<string, T>>,
  budget: ReadBudget,
): Readonly<Record<string, T>> {
  const counted = new Map<string, T>();
  return new Proxy(collections, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof key !== 'string' || typeof value !== 'object' || value === null) return value;
      // A frozen collection map must hand out its own values: only wrap what may be replaced.
      const descriptor = Reflect.getOwnPropertyDescriptor(target, key);
      if (
        descriptor !== undefined &&
        descriptor.configurable === false &&
        descriptor.writable === false
      )
        return value;
      let wrapped = counted.get(key);
      if (wrapped === undefined) {
        wrapped = countedCollection(value, budget) as T;
        counted.set(key, wrapped);
      }
      return wrapped;
    },
  });
}

function countedCollection(collection: object, budget: ReadBudget): object {
  return new Proxy(collection, {
    get(target, key, receiver) {
      if (
        Array.isArray(target) ? isIndex(key) : typeof key === 'string' && Object.hasOwn(target, key)
      )
        charge(budget, 1);
      return Reflect.get(target, key, receiver) as unknown;
    },
    ownKeys(target) {
      const keys = Reflect.ownKeys(target);
      charge(budget, keys.length);
      return keys;
    },
  });
}
