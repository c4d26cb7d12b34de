import type { FrozenState, WorkingState } from '../../state/index.js';
import { RETAIL_COLLECTIONS } from './retail-records.js';
import type { RetailUser } from './retail-records.js';

/** s0's users by lowercase email and by lowercase first and last name, in s0's order. */
interface UserIndex {
  readonly byEmail: ReadonlyMap<string, readonly string[]>;
  readonly byName: ReadonlyMap<string, readonly string[]>;
}

const indexes = new WeakMap<FrozenState, UserIndex>();

const nameKey = (first: string, last: string): string => `${first}\u0000${last}`;

function indexOf(base: FrozenState): UserIndex {
  let index = indexes.get(base);
  if (index === undefined) {
    const byEmail = new Map<string, string[]>();
    const byName = new Map<string, string[]>();
    const add = (map: Map<string, string[]>, key: string, id: string): void => {
      const ids = map.get(key);
      if (ids === undefined) map.set(key, [id]);
      else ids.push(id);
    };
    for (const id of base.ids(RETAIL_COLLECTIONS.users)) {
      const user = base.record(RETAIL_COLLECTIONS.users, id) as RetailUser | undefined;
      if (user === undefined) continue;
      add(byEmail, user.email.toLowerCase(), id);
      add(
        byName,
        nameKey(user.name.first_name.toLowerCase(), user.name.last_name.toLowerCase()),
        id,
      );
    }
    index = { byEmail, byName };
    indexes.set(base, index);
  }
  return index;
}

/**
 * Candidate user ids for a lookup, in the order a scan would meet them,
 * or undefined when an index cannot answer: users were written during the
 * trial, so s0's index may be stale and the caller scans instead.
 */
export function indexedUsers(
  state: WorkingState,
  lookup: { readonly email: string } | { readonly first: string; readonly last: string },
): readonly string[] | undefined {
  if (state.isTouched(RETAIL_COLLECTIONS.users)) return undefined;
  const index = indexOf(state.base);
  const ids =
    'email' in lookup
      ? index.byEmail.get(lookup.email)
      : index.byName.get(nameKey(lookup.first, lookup.last));
  return ids ?? [];
}
