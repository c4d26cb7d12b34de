import { describe, expect, it } from 'vitest';
import { EndstateError } from '../core/index.js';
import { freezeState } from './frozen-state.js';
import { hashState } from './hash-state.js';
import { createWorkingState } from './working-state.js';
import type { WorkingState } from './working-state.js';

const s0 = { tickets: { T1: { status: 'open', owner: 'ana' } }, users: { ana: { name: 'Ana' } } };

/** Calls a method with arguments its types refuse, as JavaScript authors can. */
function callLoosely(state: WorkingState, method: keyof WorkingState, ...args: unknown[]): unknown {
  return (state[method] as (...given: unknown[]) => unknown)(...args);
}

/** The EndstateError a call throws (the test fails when it throws nothing or something else). */
function misuseOf(call: () => unknown): EndstateError {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(EndstateError);
    expect((error as EndstateError).code).toBe('E_STATE_MISUSE');
    return error as EndstateError;
  }
  throw new Error('expected the call to throw E_STATE_MISUSE');
}

const fresh = () => createWorkingState(freezeState(s0));

describe('state misuse', () => {
  it('shows the function call when update is given the fields to set', () => {
    const state = fresh();
    const error = misuseOf(() =>
      callLoosely(state, 'update', 'tickets', 'T1', { status: 'closed' }),
    );
    expect(error.message).toMatchInlineSnapshot(`
      "state.update('tickets', 'T1', { status: 'closed' }): state.update(collection, id, change) takes a function (record) => record, got an object
      Hint: Call state.put('tickets', 'T1', record) to replace the whole record; to set fields, call state.update('tickets', 'T1', (record) => ({ ...record, status: 'closed' }))."
    `);
    expect(error.details).toEqual({
      method: 'update',
      signature: 'state.update(collection, id, change)',
    });
    expect(state.diff()).toEqual({});
  });

  it('turns update(collection, id, field, value) into the same suggestion', () => {
    const error = misuseOf(() =>
      callLoosely(fresh(), 'update', 'tickets', 'T1', 'status', 'closed'),
    );
    expect(error.message).toContain(
      'state.update takes 3 arguments (collection, id, change), got 4',
    );
    expect(error.hint).toBe(
      "Call state.update('tickets', 'T1', (record) => ({ ...record, status: 'closed' })).",
    );
  });

  it('refuses a change function that returns something other than a record', () => {
    const state = fresh();
    const error = misuseOf(() =>
      state.update('tickets', 'T1', (ticket) => (ticket.status = 'closed') as never),
    );
    expect(error.message).toContain(
      "state.update('tickets', 'T1', change): the change function returned the string 'closed', not a record",
    );
    expect(error.hint).toContain("(record) => { record.status = 'closed'; }");
    const deleting = misuseOf(() => state.update('tickets', 'T1', () => null as never));
    expect(deleting.hint).toContain("state.delete('tickets', 'T1')");
    expect(state.get('tickets', 'T1')).toEqual(s0.tickets.T1);
    expect(state.hash()).toBe(hashState(s0));
  });

  it('still accepts a change that edits its draft or returns a new record', () => {
    const state = fresh();
    state.update('tickets', 'T1', (ticket) => {
      ticket.status = 'closed';
    });
    expect(state.update('tickets', 'T1', (ticket) => ({ ...ticket, owner: 'bo' }))).toEqual({
      status: 'closed',
      owner: 'bo',
    });
  });

  it('suggests the collection meant when one is misspelt', () => {
    const error = misuseOf(() => fresh().get('ticket', 'T1'));
    expect(error.message).toBe(
      "state.get('ticket', 'T1'): there is no collection 'ticket'; did you mean 'tickets'? (collections: tickets, users)\nHint: Call state.get('tickets', 'T1').",
    );
    expect(misuseOf(() => fresh().insert('User', 'bo', {})).hint).toBe(
      "Call state.insert('users', 'bo', {}).",
    );
  });

  it('lets a tool read or create a collection s0 does not have when no known one is close', () => {
    const state = fresh();
    expect(state.list('refunds')).toEqual([]);
    state.insert('refunds', state.nextId('refunds', 'RF'), { ticket: 'T1' });
    expect(state.ids('refunds')).toEqual(['RF1']);
    expect(state.list('cards')).toEqual([]);
    // A collection created by a write is known from then on, to suggest as to read.
    expect(misuseOf(() => state.get('refund', 'RF1')).hint).toBe(
      "Call state.get('refunds', 'RF1').",
    );
  });

  it('says that ids are strings when given a number', () => {
    const error = misuseOf(() => callLoosely(fresh(), 'get', 'tickets', 8842));
    expect(error.message).toContain(
      'ids are strings, got the number 8842, which never matches a record',
    );
    expect(error.hint).toBe("Call state.get('tickets', '8842'), converting with String(…).");
  });

  it('shows the record id to pass when given the record', () => {
    const error = misuseOf(() =>
      callLoosely(fresh(), 'has', 'tickets', { id: 'T1', status: 'open' }),
    );
    expect(error.hint).toBe(
      "Call state.has('tickets', 'T1'): pass the record's id, not the record.",
    );
  });

  it('puts the collection first when collection and id are swapped', () => {
    const error = misuseOf(() => callLoosely(fresh(), 'delete', 8842, 'tickets'));
    expect(error.message).toContain(
      'the collection must be its name as a string, got the number 8842',
    );
    expect(error.hint).toBe(
      "Call state.delete('tickets', '8842'): the collection comes first, then the id.",
    );
  });

  it('splits a collection/id path given as one argument', () => {
    const error = misuseOf(() => callLoosely(fresh(), 'get', 'tickets/T1'));
    expect(error.message).toContain('state.get takes 2 arguments (collection, id), got 1');
    expect(error.hint).toBe("Call state.get('tickets', 'T1').");
  });

  it('points at the field when get is given one', () => {
    const error = misuseOf(() => callLoosely(fresh(), 'get', 'tickets', 'T1', 'status'));
    expect(error.hint).toBe("Call state.get('tickets', 'T1')?.status to read one field.");
  });

  it('shows how to filter when list is given a filter', () => {
    const error = misuseOf(() => callLoosely(fresh(), 'list', 'tickets', { status: 'open' }));
    expect(error.message).toContain(
      'state.list takes 1 argument (collection), got 2: it has no filter',
    );
    expect(error.hint).toBe(
      "Call state.list('tickets').filter((record) => …), which returns the matching records.",
    );
  });

  it('asks for the record when put or insert lacks one or gets a function', () => {
    expect(misuseOf(() => callLoosely(fresh(), 'put', 'tickets', 'T2')).message).toContain(
      'state.put takes 3 arguments (collection, id, record), got 2',
    );
    expect(
      misuseOf(() => callLoosely(fresh(), 'insert', 'tickets', 'T2', 'open')).message,
    ).toContain("the record must be a JSON object, got the string 'open'");
    const withFunction = misuseOf(() => callLoosely(fresh(), 'put', 'tickets', 'T1', () => ({})));
    expect(withFunction.hint).toBe(
      "Call state.update('tickets', 'T1', (record) => { … }) to change a record with a function.",
    );
  });

  it('refuses a prefix that is not a string and arguments to methods that take none', () => {
    expect(misuseOf(() => callLoosely(fresh(), 'nextId', 'tickets', 5)).message).toContain(
      'the prefix must be a string, got the number 5',
    );
    expect(misuseOf(() => callLoosely(fresh(), 'snapshot', 'tickets')).message).toContain(
      'state.snapshot takes no arguments, got 1',
    );
  });

  it('names the missing record, or the collections there are, when changing what is absent', () => {
    expect(misuseOf(() => fresh().delete('tickets', 'T9')).message).toBe(
      "state.delete('tickets', 'T9'): there is no record tickets/T9\nHint: Check state.has('tickets', 'T9') first, and return toolError('not_found', …) to the agent when it is false.",
    );
    expect(misuseOf(() => fresh().update('refunds', 'R1', () => undefined)).message).toContain(
      "state.update('refunds', 'R1', change): there is no collection 'refunds' (collections: tickets, users)",
    );
  });

  it('refuses to insert over an existing id and shows nextId and put', () => {
    expect(misuseOf(() => fresh().insert('tickets', 'T1', {})).hint).toBe(
      "Call state.insert('tickets', state.nextId('tickets'), record) for a fresh id, or state.put('tickets', 'T1', record) to replace the record.",
    );
  });
});
