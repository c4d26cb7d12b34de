import { cloneJson } from '../core/index.js';
import type { JsonObject, JsonValue } from '../core/index.js';
import type { StateRecord, StateSnapshot } from '../state/index.js';
import type { Perturbation } from './perturbation.js';
import { shuffled } from './shuffle-tools.js';

/** How many records a variant copies (each may bring copies of the records it refers to). */
export const DISTRACTOR_SOURCES = 3;

/** Names given to copied people: none is a first or last name of the bundled fixtures. */
const NAMES = [
  'Iris Moreau',
  'Jonas Berg',
  'Kofi Mensah',
  'Lena Varga',
  'Mateo Rossi',
  'Nadia Petrova',
  'Oscar Lindahl',
  'Priya Raman',
  'Quentin Dubois',
  'Rosa Alvarez',
  'Sven Holm',
  'Tariq Aziz',
];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NAME_FIELDS = new Set(['name', 'full_name', 'customer_name']);

const mentions = (text: string, id: string): boolean =>
  new RegExp(`(?<![A-Za-z0-9])${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9])`).test(
    text,
  );

/** A fresh id in the style of a collection's ids (`8899` → `9899`, `C-108` → `C-908`), unused and unmentioned. */
function freshId(ids: readonly string[], taken: (id: string) => boolean, index: number): string {
  const numbered = ids
    .map((id) => /^(.*?)(\d+)$/.exec(id))
    .filter((match): match is RegExpExecArray => match !== null);
  const template = numbered[0];
  for (let step = 0; ; step++) {
    let candidate: string;
    if (template !== undefined && numbered.every((match) => match[1] === template[1])) {
      const width = template[2]!.length;
      const top = Math.max(...numbered.map((match) => Number(match[2])));
      const base = 9 * 10 ** (width - 1);
      const number = Math.max(base, top + 1) + index + step * 10;
      candidate = `${template[1]}${String(number).padStart(width, '0')}`;
    } else {
      candidate = `${ids[0] ?? 'record'}-x${index + step}`;
    }
    if (!taken(candidate)) return candidate;
  }
}

interface CopyPlan {
  readonly state: Record<string, Record<string, StateRecord>>;
  readonly taskText: string;
  readonly added: Map<string, string>;
  readonly names: string[];
  counter: number;
}

/** The collection a string refers to by id, when it is a key of exactly one collection. */
function referredCollection(state: StateSnapshot, value: string): string | undefined {
  const holders = Object.keys(state).filter((collection) =>
    Object.hasOwn(state[collection]!, value),
  );
  return holders.length === 1 ? holders[0] : undefined;
}

/**
 * Copies a record under a fresh id: references to other records point to
 * copies of them, e-mails and names of people are replaced, the rest is
 * kept. Returns the copy's id.
 */
function copyRecord(plan: CopyPlan, collection: string, id: string): string {
  const key = `${collection}/${id}`;
  const done = plan.added.get(key);
  if (done !== undefined) return done;
  const records = plan.state[collection]!;
  const fresh = freshId(
    Object.keys(records),
    (candidate) => Object.hasOwn(records, candidate) || mentions(plan.taskText, candidate),
    plan.counter++,
  );
  plan.added.set(key, fresh);
  const person = plan.names.shift() ?? `Guest ${plan.counter}`;
  const rewrite = (value: JsonValue, field: string | undefined): JsonValue => {
    if (typeof value === 'string') {
      if (EMAIL.test(value)) return `${person.toLowerCase().replace(/\W+/g, '.')}@example.net`;
      if (field !== undefined && NAME_FIELDS.has(field)) return person;
      const target = value === id ? undefined : referredCollection(plan.state, value);
      return target === undefined ? value : copyRecord(plan, target, value);
    }
    if (Array.isArray(value)) return value.map((item) => rewrite(item, field));
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(
        Object.entries(value).map(([name, inner]) => [name, rewrite(inner, name)]),
      );
    return value;
  };
  const copy = rewrite(cloneJson(records[id]!), undefined) as StateRecord;
  plan.state[collection] = { ...plan.state[collection], [fresh]: copy };
  return fresh;
}

/**
 * Records that no part of the task touches, added to s0: copies of
 * records the task never mentions, under fresh ids, owned by new people
 * (copies of the records they refer to, with new names and e-mails).
 * Nothing expected, asserted, referenced or scoped names them, so the
 * expected outcome, "everything else unchanged" included, still holds.
 */
export const distractors: Perturbation = {
  kind: 'distractors',
  summary: 'extra s0 records nothing in the task touches (copies under fresh ids and owners)',
  perturb({ raw, context, variantId, rng }) {
    const taskText = JSON.stringify(raw);
    const original = context.initialState;
    const sources = Object.entries(original).flatMap(([collection, records]) =>
      Object.keys(records)
        .filter((id) => !mentions(taskText, id))
        .map((id) => ({ collection, id })),
    );
    if (sources.length === 0) return { type: 'skipped', reason: 'every record is mentioned' };
    const plan: CopyPlan = {
      state: cloneJson(original),
      taskText,

      added: new Map(),
      names: shuffled(NAMES, rng),
      counter: 0,
    };
    for (const source of shuffled(sources, rng).slice(0, DISTRACTOR_SOURCES))
      copyRecord(plan, source.collection, source.id);
    const path = `fixtures/${variantId}.json`;
    const task = { ...cloneJson(raw), fixture: path } as JsonObject;
    const added = [...plan.added.values()];
    return {
      type: 'variant',
      task,
      detail: `${added.length} records added (${added.join(', ')}) in ${path}`,
      files: [{ path, content: plan.state }],
    };
  },
};
