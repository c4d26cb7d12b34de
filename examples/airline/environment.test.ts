import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { diffStates, loadSuite } from 'endstate';
import type { StateSnapshot, ToolCallResult } from 'endstate';
import { createToolHarness } from 'endstate/testing';
import { AirlineStateSchema } from './airline-records.js';
import environment from './environment.js';

const NOW = '2026-10-05T09:00:00Z';

function setup() {
  return createToolHarness(environment, { clock: NOW });
}

function resultOf(response: ToolCallResult): unknown {
  if (!response.ok) throw new Error(`expected success, got ${JSON.stringify(response.error)}`);
  return response.result;
}

function errorCode(response: ToolCallResult): string | undefined {
  return response.ok ? undefined : response.error.code;
}

function readFixture(file: string): StateSnapshot {
  return JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as StateSnapshot;
}

describe('airline environment: reading', () => {
  it('returns a reservation with its flight, fare rules and payments', async () => {
    const { call } = setup();
    expect(resultOf(await call('get_reservation', { id: 'r7k2' }))).toMatchObject({
      id: 'R7K2',
      flight: 'AF123',
      cabin: 'economy',
      fare_usd: 640,
      fare_rules: { changes_allowed: true, refundable: false },
      flight_details: { flight: 'AF123', date: '2026-10-07' },
      payments: [{ payment_id: 'PAY-1', amount_usd: 640, status: 'captured' }],
    });
  });

  it('answers an unknown booking reference with reservation_not_found', async () => {
    const { call } = setup();
    expect(errorCode(await call('get_reservation', { id: 'ZZZZ' }))).toBe('reservation_not_found');
  });

  it('lists the flights of one route and date', async () => {
    const { call } = setup();
    const result = resultOf(
      await call('search_flights', { origin: 'jfk', dest: 'CDG', date: '2026-10-09' }),
    ) as { flights: { flight: string }[] };
    expect(result.flights.map((flight) => flight.flight)).toEqual(['AF125', 'AF127', 'DL264']);
  });

  it('returns an empty list when nothing flies that day', async () => {
    const { call } = setup();
    expect(
      resultOf(await call('search_flights', { origin: 'JFK', dest: 'LHR', date: '2026-10-11' })),
    ).toMatchObject({ flights: [], note: 'No flights from JFK to LHR on 2026-10-11.' });
  });
});

describe('airline environment: update_reservation', () => {
  it('moves R7K2 to AF125 in economy and records exactly one payment of 80', async () => {
    const { call, state } = setup();
    const response = await call('update_reservation', { id: 'R7K2', flight: 'AF125' });
    expect(resultOf(response)).toMatchObject({
      flight: 'AF125',
      cabin: 'economy',
      fare_difference_usd: 80,
      payment_id: 'PAY-8',
    });
    const before = environment.fixture.snapshot.reservations?.['R7K2'] ?? null;
    expect(state.diff()).toEqual({
      payments: {
        'PAY-8': {
          before: null,
          after: {
            reservation_id: 'R7K2',
            amount_usd: 80,
            kind: 'fare_difference',
            method: 'visa-4242',
            status: 'captured',
            created_at: '2026-10-05T09:00:00.000Z',
          },
        },
      },
      reservations: { R7K2: { before, after: { ...before, flight: 'AF125', fare_usd: 720 } } },
    });
  });

  it.each([
    ['R7K2', 'AF127', 'no_seats'],
    ['R8B1', 'AF125', 'change_not_allowed'],
    ['R7K2', 'BA9', 'different_route'],
    ['R7K2', 'AF123', 'same_flight'],
    ['R7K2', 'XX1', 'flight_not_found'],
  ])('refuses to move %s to %s (%s) and changes nothing', async (id, flight, code) => {
    const { call, state } = setup();
    expect(errorCode(await call('update_reservation', { id, flight }))).toBe(code);
    expect(state.diff()).toEqual({});
  });
});

describe('airline environment: cancellations and refunds', () => {
  it('cancels a flex reservation and refunds its payment', async () => {
    const { call, state } = setup();
    expect(resultOf(await call('cancel_reservation', { id: 'R7K3' }))).toMatchObject({
      status: 'cancelled',
      refundable: true,
      payments: [{ payment_id: 'PAY-2', amount_usd: 520 }],
    });
    expect(resultOf(await call('refund_payment', { payment_id: 'PAY-2' }))).toMatchObject({
      amount_usd: 520,
      status: 'refunded',
    });
    expect(state.get('reservations', 'R7K3')?.status).toBe('cancelled');
    expect(state.get('payments', 'PAY-2')?.status).toBe('refunded');
    expect(Object.keys(state.diff())).toEqual(['payments', 'reservations']);
  });

  it('refuses to refund a payment before its reservation is cancelled', async () => {
    const { call, state } = setup();
    expect(errorCode(await call('refund_payment', { payment_id: 'PAY-2' }))).toBe(
      'reservation_not_cancelled',
    );
    expect(state.diff()).toEqual({});
  });

  it('refuses to refund a non-refundable fare booked weeks ago', async () => {
    const { call, state } = setup();
    await call('cancel_reservation', { id: 'R3P9' });
    expect(errorCode(await call('refund_payment', { payment_id: 'PAY-7' }))).toBe('not_refundable');
    expect(state.get('payments', 'PAY-7')?.status).toBe('captured');
  });

  it('refunds any fare cancelled within 24 hours of booking', async () => {
    const { call } = setup();
    expect(resultOf(await call('cancel_reservation', { id: 'R5T8' }))).toMatchObject({
      refundable: true,
      refund_reason: 'within_24_hours_of_booking',
    });
    expect(resultOf(await call('refund_payment', { payment_id: 'PAY-6' }))).toMatchObject({
      status: 'refunded',
      reason: 'within_24_hours_of_booking',
    });
  });

  it('refuses to cancel twice or refund twice', async () => {
    const { call } = setup();
    await call('cancel_reservation', { id: 'R7K3' });
    await call('refund_payment', { payment_id: 'PAY-2' });
    expect(errorCode(await call('cancel_reservation', { id: 'R7K3' }))).toBe(
      'reservation_not_active',
    );
    expect(errorCode(await call('refund_payment', { payment_id: 'PAY-2' }))).toBe(
      'already_refunded',
    );
  });
});

describe('airline suite', () => {
  it('has fixtures whose records fit the schemas the tools read', () => {
    expect(AirlineStateSchema.safeParse(environment.fixture.snapshot).success).toBe(true);
    expect(AirlineStateSchema.safeParse(readFixture('./fixtures/fare-140.json')).success).toBe(
      true,
    );
  });

  it('has a fare-140 fixture that differs from the base only in the economy fare of AF125', () => {
    const base = readFixture('./fixtures/base.json');
    const diff = diffStates(base, readFixture('./fixtures/fare-140.json'));
    const before = base.flights?.['AF125'];
    expect(before).toBeDefined();
    expect(diff).toEqual({
      flights: {
        AF125: {
          before,
          after: { ...before, fares_usd: { ...(before?.fares_usd as object), economy: 780 } },
        },
      },
    });
  });

  it('loads every task (schema, tools, reference arguments, CEL, script patterns)', async () => {
    const suite = await loadSuite('examples/airline', { importModule: (url) => import(url) });
    expect(suite.tasks.length).toBeGreaterThanOrEqual(10);
    const ids = suite.tasks.map((task) => task.id);
    expect(ids).toEqual(expect.arrayContaining(['change-flight-017', 'change-flight-018']));
    const fare140 = suite.tasks.find((task) => task.id === 'change-flight-018');
    expect(fare140?.initialState.snapshot.flights?.['AF125']?.fares_usd).toMatchObject({
      economy: 780,
    });
    for (const task of suite.tasks) {
      expect(task.spec.constraints).toContainEqual({ consent: 'irreversible' });
      expect(task.spec.known_bad.length).toBeGreaterThan(0);
      expect(task.spec.reference.at(-1)).toHaveProperty('say');
    }
  });
});
