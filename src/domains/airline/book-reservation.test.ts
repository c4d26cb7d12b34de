import { describe, expect, it } from 'vitest';
import type { ToolCallResult } from '../../environment/index.js';
import { createToolHarness } from '../../testing/index.js';
import { createAirlineEnvironment } from './create-airline-environment.js';
import { loadAirlineData } from './load-airline-data.js';

// test/fixtures/taubench-airline-mini: a small hand-written dataset in tau-bench's layout.
const miniAirline = createAirlineEnvironment(
  loadAirlineData(
    new URL('../../../test/fixtures/taubench-airline-mini/', import.meta.url).pathname,
  ),
);

function errorOf(response: ToolCallResult) {
  return response.ok ? undefined : { code: response.error.code, message: response.error.message };
}

const ADA = 'ada_lovelace_1001';
const ADA_PASSENGER = { first_name: 'Ada', last_name: 'Lovelace', dob: '1985-12-10' };

/** One economy seat SFO-JFK on HAT101, May 20 (150), no bags, no insurance. */
function booking(overrides: Record<string, unknown> = {}) {
  return {
    user_id: ADA,
    origin: 'SFO',
    destination: 'JFK',
    flight_type: 'one_way',
    cabin: 'economy',
    flights: [{ flight_number: 'HAT101', date: '2024-05-20' }],
    passengers: [ADA_PASSENGER],
    payment_methods: [{ payment_id: 'credit_card_1111111', amount: 150 }],
    total_baggages: 0,
    nonfree_baggages: 0,
    insurance: 'no',
    ...overrides,
  };
}

describe('book_reservation', () => {
  it('stores the reservation under HATHAT with priced legs and tau-bench fixed booking time', async () => {
    const tools = createToolHarness(miniAirline);
    const result = await tools.result('book_reservation', booking());
    expect(result).toEqual({
      reservation_id: 'HATHAT',
      user_id: ADA,
      origin: 'SFO',
      destination: 'JFK',
      flight_type: 'one_way',
      cabin: 'economy',
      flights: [
        {
          flight_number: 'HAT101',
          date: '2024-05-20',
          price: 150,
          origin: 'SFO',
          destination: 'JFK',
        },
      ],
      passengers: [ADA_PASSENGER],
      payment_history: [{ payment_id: 'credit_card_1111111', amount: 150 }],
      created_at: '2024-05-15T15:00:00',
      total_baggages: 0,
      nonfree_baggages: 0,
      insurance: 'no',
    });
    expect(tools.state.get('users', ADA)?.reservations).toEqual(['ADA001', 'ADA002', 'HATHAT']);
    // Seats are not taken from the flights data.
    expect(Object.keys(tools.state.diff()).sort()).toEqual(['reservations', 'users']);
  });

  it('names the second and third bookings HATHAU and HATHAV, and overwrites HATHAV after that', async () => {
    const tools = createToolHarness(miniAirline);
    const ids = [];
    for (let count = 0; count < 4; count++) {
      const result = (await tools.result('book_reservation', booking())) as {
        reservation_id: string;
      };
      ids.push(result.reservation_id);
    }
    expect(ids).toEqual(['HATHAT', 'HATHAU', 'HATHAV', 'HATHAV']);
    expect(tools.state.get('users', ADA)?.reservations).toEqual([
      'ADA001',
      'ADA002',
      'HATHAT',
      'HATHAU',
      'HATHAV',
      'HATHAV',
    ]);
  });

  it('prices insurance at 30 and a non-free bag at 50 per passenger and bag', async () => {
    const tools = createToolHarness(miniAirline);
    // 2 passengers x (150 + 30 insurance) + 2 bags x 50 = 460; paid 459.
    const response = await tools.call(
      'book_reservation',
      booking({
        passengers: [ADA_PASSENGER, { first_name: 'Byron', last_name: 'King', dob: '1983-06-01' }],
        insurance: 'yes',
        total_baggages: 3,
        nonfree_baggages: 2,
        payment_methods: [{ payment_id: 'credit_card_1111111', amount: 459 }],
      }),
    );
    expect(errorOf(response)).toEqual({
      code: 'payment_mismatch',
      message: 'payment amount does not add up, total price is 460, but paid 459',
    });
  });

  it('prints a fractional amount paid as a Python float', async () => {
    const tools = createToolHarness(miniAirline);
    const response = await tools.call(
      'book_reservation',
      booking({
        payment_methods: [
          { payment_id: 'credit_card_1111111', amount: 0.1 },
          { payment_id: 'credit_card_1111111', amount: 0.2 },
        ],
      }),
    );
    // CPython 3.11: sum([0.1, 0.2]) == 0.30000000000000004
    expect(errorOf(response)?.message).toBe(
      'payment amount does not add up, total price is 150, but paid 0.30000000000000004',
    );
  });

  it('accepts amounts whose float sum is exactly the price', async () => {
    const tools = createToolHarness(miniAirline);
    // CPython 3.11: sum([0.1, 0.2, 149.7]) == 150.0, and 150.0 == 150.
    const response = await tools.call(
      'book_reservation',
      booking({
        payment_methods: [
          { payment_id: 'credit_card_1111111', amount: 0.1 },
          { payment_id: 'credit_card_1111111', amount: 0.2 },
          { payment_id: 'credit_card_1111111', amount: 149.7 },
        ],
      }),
    );
    expect(response.ok).toBe(true);
  });

  it('takes a gift card down by the amount and uses a certificate up whatever it held', async () => {
    const tools = createToolHarness(miniAirline);
    // 150 = 30 by gift card (200 -> 170) + 120 from the 150 certificate (removed).
    await tools.result(
      'book_reservation',
      booking({
        payment_methods: [
          { payment_id: 'gift_card_2222222', amount: 30 },
          { payment_id: 'certificate_3333333', amount: 120 },
        ],
      }),
    );
    const methods = tools.state.get('users', ADA)?.payment_methods as Record<string, unknown>;
    expect(methods.gift_card_2222222).toEqual({
      source: 'gift_card',
      amount: 170,
      id: 'gift_card_2222222',
    });
    expect(methods).not.toHaveProperty('certificate_3333333');
  });

  it('refuses a gift card or certificate that holds less than its amount', async () => {
    const tools = createToolHarness(miniAirline);
    const response = await tools.call(
      'book_reservation',
      booking({ payment_methods: [{ payment_id: 'certificate_4444444', amount: 150 }] }),
    );
    expect(errorOf(response)).toEqual({
      code: 'not_enough_balance',
      message: 'not enough balance in payment method certificate_4444444',
    });
    expect(tools.state.diff()).toEqual({});
  });

  it('fails like tau-bench when a certificate is listed twice: earlier payments stay taken', async () => {
    const tools = createToolHarness(miniAirline);
    // Each entry passes the balance check (100 <= 100) and the sum is 150;
    // the gift card pays 50 (200 -> 150), the certificate goes, and its
    // second use is Python's KeyError. No reservation is stored.
    const response = await tools.call(
      'book_reservation',
      booking({
        payment_methods: [
          { payment_id: 'gift_card_2222222', amount: 50 },
          { payment_id: 'certificate_4444444', amount: 50 },
          { payment_id: 'certificate_4444444', amount: 50 },
        ],
      }),
    );
    expect(errorOf(response)).toEqual({ code: 'python_error', message: "'certificate_4444444'" });
    const user = tools.state.get('users', ADA) as {
      payment_methods: Record<string, { amount?: number }>;
      reservations: string[];
    };
    expect(user.payment_methods.gift_card_2222222?.amount).toBe(150);
    expect(user.payment_methods).not.toHaveProperty('certificate_4444444');
    expect(user.reservations).toEqual(['ADA001', 'ADA002']);
    expect(tools.state.has('reservations', 'HATHAT')).toBe(false);
  });

  it('checks the legs in order before the payments', async () => {
    const tools = createToolHarness(miniAirline);
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { flights: [{ flight_number: 'HAT999', date: '2024-05-20' }] },
        'flight_not_found',
        'flight HAT999 not found',
      ],
      [
        { flights: [{ flight_number: 'HAT101', date: '2024-05-22' }] },
        'flight_not_found',
        'flight HAT101 not found on date 2024-05-22',
      ],
      [
        { flights: [{ flight_number: 'HAT101', date: '2024-05-10' }] },
        'flight_not_available',
        'flight HAT101 not available on date 2024-05-10',
      ],
      [
        {
          flights: [{ flight_number: 'HAT401', date: '2024-05-20' }],
          passengers: [ADA_PASSENGER, ADA_PASSENGER],
        },
        'not_enough_seats',
        'not enough seats on flight HAT401',
      ],
      [
        { payment_methods: [{ payment_id: 'gift_card_6666666', amount: 150 }] },
        'payment_method_not_found',
        'payment method gift_card_6666666 not found',
      ],
      [{ user_id: 'nobody_0000' }, 'user_not_found', 'user not found'],
    ];
    for (const [overrides, code, message] of cases) {
      expect(errorOf(await tools.call('book_reservation', booking(overrides)))).toEqual({
        code,
        message,
      });
    }
    expect(tools.state.diff()).toEqual({});
  });

  it('keeps extra fields of a leg and a passenger, as tau-bench stores what it is given', async () => {
    const tools = createToolHarness(miniAirline);
    const result = (await tools.result(
      'book_reservation',
      booking({
        flights: [{ flight_number: 'HAT101', date: '2024-05-20', price: 1, seat: '3A' }],
        passengers: [{ ...ADA_PASSENGER, meal: 'vegetarian' }],
      }),
    )) as { flights: unknown[]; passengers: unknown[] };
    // The price is overwritten in place; the seat stays.
    expect(result.flights).toEqual([
      {
        flight_number: 'HAT101',
        date: '2024-05-20',
        price: 150,
        seat: '3A',
        origin: 'SFO',
        destination: 'JFK',
      },
    ]);
    expect(result.passengers).toEqual([{ ...ADA_PASSENGER, meal: 'vegetarian' }]);
  });

  it("takes any cabin, flight type and insurance text, as tau-bench's tool does", async () => {
    const tools = createToolHarness(miniAirline);
    // A cabin the day has no seats for is Python's KeyError on available_seats.
    expect(errorOf(await tools.call('book_reservation', booking({ cabin: 'first' })))).toEqual({
      code: 'python_error',
      message: "'first'",
    });
    // Only "yes" buys insurance; anything else is stored as given, uncharged.
    const result = await tools.result(
      'book_reservation',
      booking({ insurance: 'maybe', flight_type: 'multi_city' }),
    );
    expect(result).toMatchObject({ insurance: 'maybe', flight_type: 'multi_city' });
  });
});
