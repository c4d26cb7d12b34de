import { EndstateError, createRng } from '../../../core/index.js';
import type { Rng } from '../../../core/index.js';
import type { RetailFixture } from '../check-retail-fixture.js';
import type { RetailOrder, RetailProduct, RetailUser } from '../retail-records.js';
import { drawUnused, randomDigits } from './fresh-digits.js';
import { FIRST_NAMES, LAST_NAMES, STREET_NAMES } from './name-pools.js';
import { shiftPrices } from './shift-prices.js';

/**
 * One seeded, consistent renaming of a retail data set: every id, name,
 * e-mail, address line and zip code to a new value of the same shape that
 * the data does not use, and every price to a nearby one. A bijection on
 * each kind: no two originals share a new value.
 */
export interface HeldoutMapping {
  readonly seed: number;
  /**
   * Original → new, for the exact strings of the data: user, order, item,
   * product, payment method and tracking ids, e-mails, `address1`,
   * `address2` and zip codes.
   */
  readonly atoms: ReadonlyMap<string, string>;
  /** First and last names, capitalised as in the data (`Olivia` → `Greta`). */
  readonly names: ReadonlyMap<string, string>;
  /** The same names in lowercase, as they appear inside ids and e-mails. */
  readonly nameParts: ReadonlyMap<string, string>;
  /** Street names, the part of `address1` after the house number. */
  readonly streets: ReadonlyMap<string, string>;
  /** Old price → new price, strictly increasing (see `shiftPrices`). */
  readonly prices: ReadonlyMap<number, number>;
}

const users = (fixture: RetailFixture) =>
  Object.entries(fixture.users) as unknown as [string, RetailUser][];
const orders = (fixture: RetailFixture) =>
  Object.values(fixture.orders) as unknown as RetailOrder[];
const products = (fixture: RetailFixture) =>
  Object.values(fixture.products) as unknown as RetailProduct[];

function shuffled<T>(items: readonly T[], rng: Rng): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = rng.int(0, index);
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

/** A bijection from `originals` onto pool entries none of `originals` uses. */
function bijection(
  kind: string,
  originals: Iterable<string>,
  pool: readonly string[],
  rng: Rng,
): Map<string, string> {
  const sorted = [...new Set(originals)].sort();
  const taken = new Set(sorted.map((name) => name.toLowerCase()));
  const free = shuffled(
    pool.filter((name) => !taken.has(name.toLowerCase())),
    rng,
  );
  if (free.length < sorted.length) {
    throw new EndstateError(
      'E_ENVIRONMENT_INVALID',
      `the retail data has ${sorted.length} distinct ${kind}, more than the ${free.length} replacements available`,
      { hint: `Add ${kind} to src/domains/retail/heldout/name-pools.ts.` },
    );
  }
  return new Map(sorted.map((name, index) => [name, free[index] as string]));
}

/** Every string of the data that names an entity, by kind, in the data's order. */
function collectAtoms(fixture: RetailFixture) {
  const kinds = {
    userIds: [] as string[],
    emails: [] as string[],
    paymentIds: [] as string[],
    orderIds: [] as string[],
    productIds: [] as string[],
    itemIds: [] as string[],
    trackingIds: [] as string[],
    addresses1: [] as string[],
    addresses2: [] as string[],
    zips: [] as string[],
  };
  const addAddress = (address: { address1: string; address2: string; zip: string }) => {
    kinds.addresses1.push(address.address1);
    kinds.addresses2.push(address.address2);
    kinds.zips.push(address.zip);
  };
  for (const [userId, user] of users(fixture)) {
    kinds.userIds.push(userId);
    kinds.emails.push(user.email);
    kinds.paymentIds.push(...Object.keys(user.payment_methods));
    addAddress(user.address);
  }
  for (const product of products(fixture)) {
    kinds.productIds.push(product.product_id);
    kinds.itemIds.push(...Object.keys(product.variants));
  }
  for (const order of orders(fixture)) {
    kinds.orderIds.push(order.order_id);
    addAddress(order.address);
    for (const line of order.items) kinds.itemIds.push(line.item_id);
    for (const fulfillment of order.fulfillments)
      kinds.trackingIds.push(...fulfillment.tracking_id);
  }
  return kinds;
}

/** New ids, e-mails, address lines and zip codes for every one of the data's. */
function drawAtoms(
  fixture: RetailFixture,
  kinds: ReturnType<typeof collectAtoms>,
  renamed: {
    readonly names: ReadonlyMap<string, string>;
    readonly streets: ReadonlyMap<string, string>;
    readonly streetOf: (address1: string) => string;
  },
  draw: Rng,
): Map<string, string> {
  const { names, streets, streetOf } = renamed;
  // Every original string is taken, so no new value can be an old one.
  const taken = new Set<string>(Object.values(kinds).flat());
  const atoms = new Map<string, string>();
  const assign = (originals: readonly string[], make: (original: string) => string) => {
    for (const original of originals) {
      if (!atoms.has(original))
        atoms.set(
          original,
          drawUnused(taken, () => make(original)),
        );
    }
  };
  const sameShape = (prefix: RegExp) => (original: string) => {
    const head = prefix.exec(original)?.[0] ?? '';
    return `${head}${randomDigits(draw, original.length - head.length)}`;
  };
  const renameName = (first: string, last: string) =>
    `${(names.get(first) ?? first).toLowerCase()}|${(names.get(last) ?? last).toLowerCase()}`;

  for (const [userId, user] of users(fixture)) {
    const [first, last] = renameName(user.name.first_name, user.name.last_name).split('|');
    const idDigits = /_(\d+)$/.exec(userId)?.[1]?.length ?? 4;
    assign([userId], () => `${first}_${last}_${randomDigits(draw, idDigits)}`);
    const email = /^[^@]*?(\d+)@(.+)$/.exec(user.email);
    assign([user.email], () =>
      email === null
        ? `${first}.${last}${randomDigits(draw, 4)}@example.com`
        : `${first}.${last}${randomDigits(draw, email[1]?.length ?? 4)}@${email[2] ?? 'example.com'}`,
    );
  }
  assign(kinds.paymentIds, sameShape(/^[a-z_]+_/));
  assign(kinds.orderIds, sameShape(/^#W/));
  assign(kinds.productIds, sameShape(/^/));
  assign(kinds.itemIds, sameShape(/^/));
  assign(kinds.trackingIds, sameShape(/^/));
  // A zip code keeps its first three digits (its region: the city stays) where the region has room.
  for (const zip of kinds.zips) {
    if (atoms.has(zip)) continue;
    let tries = 0;
    atoms.set(
      zip,
      drawUnused(taken, () =>
        ++tries <= 200
          ? `${zip.slice(0, -2)}${String(draw.int(0, 99)).padStart(2, '0')}`
          : randomDigits(draw, zip.length),
      ),
    );
  }
  assign(kinds.addresses2, (original) =>
    original.replace(/\d+/, (digits) => randomDigits(draw, digits.length + 1)),
  );
  assign(kinds.addresses1, (original) => {
    const number = /^\d+/.exec(original)?.[0] ?? '1';
    return `${randomDigits(draw, Math.max(3, number.length))} ${streets.get(streetOf(original)) ?? streetOf(original)}`;
  });
  return atoms;
}

/** The data's prices, shifted (see `shiftPrices`). */
function shiftedPrices(
  fixture: RetailFixture,
  rng: Rng,
  barriers: readonly number[] | undefined,
): Map<number, number> {
  const oldPrices = new Set([
    ...products(fixture).flatMap((product) =>
      Object.values(product.variants).map((variant) => variant.price),
    ),
    ...orders(fixture).flatMap((order) => order.items.map((line) => line.price)),
  ]);
  return shiftPrices(
    oldPrices,
    rng,
    // A quoted amount that is a price is renamed with it, not a barrier.
    barriers?.filter((barrier) => !oldPrices.has(barrier)),
  );
}

/**
 * Draws the mapping for a data set from a seed. Same data and seed, same
 * mapping. New ids keep the shape of the old (`#W` and seven digits, ten
 * digits for items and products, `credit_card_` and seven digits, ...).
 * `barriers` are amounts the tasks quote that are no price ("under
 * $300"): no price moves across one (see `shiftPrices`).
 */
export function createHeldoutMapping(
  fixture: RetailFixture,
  seed: number,
  options: { readonly barriers?: readonly number[] } = {},
): HeldoutMapping {
  const rng = createRng(seed);
  const firstNames = users(fixture).map(([, user]) => user.name.first_name);
  const lastNames = users(fixture).map(([, user]) => user.name.last_name);
  const names = new Map([
    ...bijection('first names', firstNames, FIRST_NAMES, rng.fork('first')),
    ...bijection('last names', lastNames, LAST_NAMES, rng.fork('last')),
  ]);
  const nameParts = new Map(
    [...names].map(([from, to]) => [from.toLowerCase(), to.toLowerCase()] as const),
  );
  const kinds = collectAtoms(fixture);
  const streetOf = (address1: string) => address1.replace(/^\d+\s+/, '');
  const streets = bijection(
    'street names',
    kinds.addresses1.map(streetOf),
    STREET_NAMES,
    rng.fork('streets'),
  );

  const atoms = drawAtoms(fixture, kinds, { names, streets, streetOf }, rng.fork('ids'));
  const prices = shiftedPrices(fixture, rng.fork('prices'), options.barriers);
  return { seed, atoms, names, nameParts, streets, prices };
}
