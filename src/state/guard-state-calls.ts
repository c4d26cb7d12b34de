import { EndstateError } from '../core/index.js';
import { findSimilarCollection } from './find-similar-collection.js';
import { describeArgument, formatArgument, formatCall, formatFields } from './state-call-text.js';
import type { StateRecord } from './types.js';
import type { WorkingState } from './working-state.js';

type Parameter = 'collection' | 'id' | 'record' | 'change' | 'prefix?';
type Method = Exclude<keyof WorkingState, 'base'>;

/** Each method's parameters, in order, as the messages name them. */
const PARAMETERS: Readonly<Record<Method, readonly Parameter[]>> = {
  get: ['collection', 'id'],
  has: ['collection', 'id'],
  ids: ['collection'],
  list: ['collection'],
  entries: ['collection'],
  count: ['collection'],
  isTouched: ['collection'],
  collections: [],
  insert: ['collection', 'id', 'record'],
  put: ['collection', 'id', 'record'],
  update: ['collection', 'id', 'change'],
  delete: ['collection', 'id'],
  nextId: ['collection', 'prefix?'],
  diff: [],
  hash: [],
  snapshot: [],
  reset: [],
};

const REQUIRED = Object.fromEntries(
  Object.entries(PARAMETERS).map(([method, parameters]) => [
    method,
    parameters.filter((parameter) => !parameter.endsWith('?')).length,
  ]),
) as Readonly<Record<Method, number>>;

function isValid(parameter: Parameter, value: unknown): boolean {
  switch (parameter) {
    case 'collection':
      return typeof value === 'string' && value !== '';
    case 'id':
      return typeof value === 'string';
    case 'record':
      return isRecordLike(value);
    case 'change':
      return typeof value === 'function';
    case 'prefix?':
      return value === undefined || typeof value === 'string';
  }
}

/**
 * The same working state, with every call's arguments checked first: a
 * tool that passes an object where `update` takes a function, a number as
 * an id or a misspelt collection gets an `E_STATE_MISUSE` error naming the
 * method, what it was given and the call that works, instead of a crash
 * deep inside (`change is not a function`) or a silent miss.
 */
export function guardStateCalls(state: WorkingState): WorkingState {
  const s0Collections = new Set(Object.keys(state.base.snapshot));
  const isKnown = (collection: string): boolean =>
    s0Collections.has(collection) || state.isTouched(collection);

  // Tools call these in tight loops: the checks are typeof tests, and a
  // message is only built once a check fails.
  const check = (method: Method, args: readonly unknown[]): void => {
    const parameters = PARAMETERS[method];
    if (args.length < REQUIRED[method] || args.length > parameters.length) {
      checkArity(method, parameters, args);
    }
    for (let index = 0; index < parameters.length; index++) {
      const parameter = parameters[index]!;
      const value = args[index];
      if (!isValid(parameter, value)) checkArgument({ method, parameter, args, value });
    }
    const collection = args[0];
    if (parameters[0] === 'collection' && typeof collection === 'string' && !isKnown(collection)) {
      const similar = findSimilarCollection(collection, [...s0Collections, ...state.collections()]);
      if (similar !== undefined) {
        throw misuse(
          method,
          args,
          `there is no collection '${collection}'; did you mean '${similar}'? (collections: ${state.collections().sort().join(', ')})`,
          formatCall(method, [similar, ...args.slice(1)]),
        );
      }
    }
  };

  const methods = state as unknown as Record<Method, (...args: unknown[]) => unknown>;
  const guarded = <M extends Method>(method: M): WorkingState[M] => {
    const call = (...args: unknown[]): unknown => {
      check(method, args);
      return methods[method](...args);
    };
    return call as unknown as WorkingState[M];
  };

  return {
    base: state.base,
    get: guarded('get'),
    has: guarded('has'),
    ids: guarded('ids'),
    list: guarded('list'),
    entries: guarded('entries'),
    count: guarded('count'),
    isTouched: guarded('isTouched'),
    collections: guarded('collections'),
    insert: guarded('insert'),
    put: guarded('put'),
    update(...args: Parameters<WorkingState['update']>) {
      check('update', args);
      const [collection, id, change] = args;
      return state.update(collection, id, (draft) => {
        const next = change(draft);
        checkChangeResult(collection, id, next);
        return next;
      });
    },
    delete: guarded('delete'),
    nextId: guarded('nextId'),
    diff: guarded('diff'),
    hash: guarded('hash'),
    snapshot: guarded('snapshot'),
    reset: guarded('reset'),
  };
}

/** `state.get(collection, id)`: the method as documented. */
function signature(method: Method): string {
  return `state.${method}(${PARAMETERS[method].join(', ')})`;
}

function misuse(method: Method, args: readonly unknown[], problem: string, fix: string) {
  return new EndstateError('E_STATE_MISUSE', `${formatCall(method, args)}: ${problem}`, {
    hint: `Call ${fix}.`,
    details: { method, signature: signature(method) },
  });
}

/** A collection and id to show in a suggested call: the ones given when they are strings, else an example. */
function exampleNamesOf(args: readonly unknown[]): [collection: string, id: string] {
  const [collection, id] = args;
  return [
    typeof collection === 'string' ? collection : 'orders',
    typeof id === 'string' ? id : typeof id === 'number' ? String(id) : '8842',
  ];
}

function checkArity(method: Method, parameters: readonly Parameter[], args: readonly unknown[]) {
  const required = parameters.filter((parameter) => !parameter.endsWith('?')).length;
  if (args.length >= required && args.length <= parameters.length) return;
  const takes =
    parameters.length === 0
      ? 'takes no arguments'
      : `takes ${required === parameters.length ? '' : `${required} to `}${parameters.length} argument${parameters.length === 1 ? '' : 's'} (${parameters.join(', ')})`;
  const problem = `${signature(method).replace(/\(.*/, '')} ${takes}, got ${args.length}`;
  const [collection, id] = exampleNamesOf(args);
  const first = args[0];
  if (typeof first === 'string' && first.includes('/') && args.length === 1) {
    const [name, ...rest] = first.split('/');
    throw misuse(method, args, problem, formatCall(method, [name, rest.join('/')]));
  }
  if (['list', 'entries', 'ids', 'count'].includes(method) && args.length > 1) {
    throw misuse(
      method,
      args,
      `${problem}: it has no filter`,
      `state.list('${collection}').filter((record) => …), which returns the matching records`,
    );
  }
  if ((method === 'get' || method === 'has') && typeof args[2] === 'string') {
    throw misuse(
      method,
      args,
      `${problem}: it returns the whole record`,
      `state.get('${collection}', '${id}')?.${args[2]} to read one field`,
    );
  }
  if (method === 'update' && args.length > 3) {
    throw misuse(method, args, problem, changeExample(collection, id, args.slice(2)));
  }
  const example = PARAMETERS[method].map((parameter) =>
    parameter === 'collection'
      ? formatArgument(collection)
      : parameter === 'id'
        ? formatArgument(id)
        : parameter === 'change'
          ? '(record) => { … }'
          : parameter === 'record'
            ? '{ … }'
            : "'prefix-'",
  );
  throw misuse(method, args, problem, `state.${method}(${example.join(', ')})`);
}

interface Argument {
  readonly method: Method;
  readonly parameter: Parameter;
  readonly args: readonly unknown[];
  readonly value: unknown;
}

function checkArgument({ method, parameter, args, value }: Argument): void {
  const [collection, id] = exampleNamesOf(args);
  const given = describeArgument(value);
  const withArgs = (changed: Record<number, unknown>) =>
    formatCall(
      method,
      args.map((arg, index) => (index in changed ? changed[index] : arg)),
    );
  switch (parameter) {
    case 'collection':
      if (typeof value === 'string' && value !== '') return;
      throw misuse(
        method,
        args,
        `the collection must be its name as a string, got ${given}`,
        typeof value === 'number' && typeof args[1] === 'string'
          ? `${withArgs({ 0: args[1], 1: String(value) })}: the collection comes first, then the id`
          : withArgs({ 0: collection }),
      );
    case 'id':
      if (typeof value === 'string') return;
      if (typeof value === 'number') {
        throw misuse(
          method,
          args,
          `ids are strings, got ${given}, which never matches a record`,
          `${withArgs({ 1: String(value) })}, converting with String(…)`,
        );
      }
      throw misuse(
        method,
        args,
        `the id must be the record's id as a string, got ${given}`,
        isRecordLike(value)
          ? `${withArgs({ 1: typeof value.id === 'string' ? value.id : id })}: pass the record's id, not the record`
          : withArgs({ 1: id }),
      );
    case 'record':
      if (isRecordLike(value)) return;
      throw misuse(
        method,
        args,
        typeof value === 'function'
          ? `${signature(method)} takes the record itself, got a function`
          : `the record must be a JSON object, got ${given}`,
        typeof value === 'function'
          ? `state.update(${formatArgument(collection)}, ${formatArgument(id)}, (record) => { … }) to change a record with a function`
          : withArgs({ 2: { field: '…' } }),
      );
    case 'change':
      if (typeof value === 'function') return;
      throw misuse(
        method,
        args,
        `${signature(method)} takes a function (record) => record, got ${isRecordLike(value) ? 'an object' : given}`,
        isRecordLike(value)
          ? `state.put(${formatArgument(collection)}, ${formatArgument(id)}, record) to replace the whole record; to set fields, call ${changeExample(collection, id, [value])}`
          : changeExample(collection, id, []),
      );
    case 'prefix?':
      if (value === undefined || typeof value === 'string') return;
      throw misuse(
        method,
        args,
        `the prefix must be a string, got ${given}`,
        withArgs({ 1: typeof value === 'number' ? String(value) : 'prefix-' }),
      );
  }
}

/** `state.update('tickets', 'T1', (record) => ({ ...record, status: 'closed' }))`. */
function changeExample(collection: string, id: string, given: readonly unknown[]): string {
  const [fields, value] = given;
  const set = isRecordLike(fields)
    ? formatFields(fields)
    : typeof fields === 'string' && given.length === 2
      ? `${fields}: ${formatArgument(value, 1)}`
      : 'field: value';
  return `state.update(${formatArgument(collection)}, ${formatArgument(id)}, (record) => ({ ...record, ${set} }))`;
}

/** A change function must return the new record, or nothing after editing its draft. */
function checkChangeResult(collection: string, id: string, next: unknown): void {
  if (next === undefined || isRecordLike(next)) return;
  const where = `state.update(${formatArgument(collection)}, ${formatArgument(id)}, change)`;
  throw new EndstateError(
    'E_STATE_MISUSE',
    `${where}: the change function returned ${describeArgument(next)}, not a record`,
    {
      hint:
        next === null
          ? `Call state.delete(${formatArgument(collection)}, ${formatArgument(id)}) to remove a record; a change returns the new record or nothing.`
          : `Return the new record, or change the draft and return nothing: with an arrow function use braces, (record) => { record.status = 'closed'; }, since (record) => record.status = 'closed' returns 'closed'.`,
      details: { method: 'update', signature: signature('update') },
    },
  );
}

function isRecordLike(value: unknown): value is StateRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
