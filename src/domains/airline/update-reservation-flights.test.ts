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

type Methods = Record<string, { amount?: number }>;

describe('update_reservation_flights', () => {
  it('charges the difference to a gift card and records it', async () => {
    const tools = createToolHarness(miniAirline);
    // ADA001: HAT101 May 20 economy at 150, one passenger -> May 21 at 160.
    const result = await tools.result('update_reservation_flights', {
      reservation_id: 'ADA001',
      cabin: 'economy',
      flights: [{ flight_number: 'HAT101', date: '2024-05-21' }],
      payment_id: 'gift_card_2222222',
    });
    expect(result).toMatchObject({
      flights: [
        {
          flight_number: 'HAT101',
          date: '2024-05-21',
          price: 160,
          origin: 'SFO',
          destination: 'JFK',
        },
      ],
      payment_history: [
        { payment_id: 'credit_card_1111111', amount: 150 },
        { payment_id: 'gift_card_2222222', amount: 10 },
      ],
    });
    const methods = tools.state.get('users', 'ada_lovelace_1001')?.payment_methods as Methods;
    expect(methods.gift_card_2222222?.amount).toBe(190);
  });

  it('keeps the price of an unchanged leg and refunds a cheaper cabin, to a gift card at once', async () => {
    const tools = createToolHarness(miniAirline);
    // BOC001 economy: HAT201 110 + HAT202 100, one passenger. Basic economy:
    // both legs priced anew, 60 + 55; difference 115 - 210 = -95.
    const result = await tools.result('update_reservation_flights', {
      reservation_id: 'BOC001',
      cabin: 'basic_economy',
      flights: [
        { flight_number: 'HAT201', date: '2024-05-20' },
        { flight_number: 'HAT202', date: '2024-05-20' },
      ],
      payment_id: 'gift_card_6666666',
    });
    expect(result).toMatchObject({
      // tau-bench leaves the reservation's cabin as it was.
      cabin: 'economy',
      flights: [{ price: 60 }, { price: 55 }],
      payment_history: [
        { payment_id: 'gift_card_6666666', amount: 240 },
        { payment_id: 'gift_card_6666666', amount: -95 },
      ],
    });
    const methods = tools.state.get('users', 'bo_chen_2002')?.payment_methods as Methods;
    expect(methods.gift_card_6666666?.amount).toBe(135);
  });

  it('records nothing when the same legs in the same cabin cost the same', async () => {
    const tools = createToolHarness(miniAirline);
    // Kept legs keep their booked prices: ADA002 booked HAT102 on May 25 at
    // 80, where the flights data now says 85.
    await tools.result('update_reservation_flights', {
      reservation_id: 'ADA002',
      cabin: 'basic_economy',
      flights: [
        { flight_number: 'HAT101', date: '2024-05-21' },
        { flight_number: 'HAT102', date: '2024-05-25' },
      ],
      payment_id: 'credit_card_1111111',
    });
    const reservation = tools.state.get('reservations', 'ADA002') as {
      payment_history: unknown[];
    };
    expect(reservation.payment_history).toHaveLength(1);
  });

  it('charges the difference for every passenger', async () => {
    const tools = createToolHarness(miniAirline);
    // ADA002, 2 passengers, basic economy booked at 90 + 80; keep HAT101,
    // replace HAT102 by HAT202 on May 21 (58): (90 + 58) * 2 - (90 + 80) * 2 = -44.
    const result = (await tools.result('update_reservation_flights', {
      reservation_id: 'ADA002',
      cabin: 'basic_economy',
      flights: [
        { flight_number: 'HAT101', date: '2024-05-21' },
        { flight_number: 'HAT202', date: '2024-05-21' },
      ],
      payment_id: 'credit_card_1111111',
    })) as { payment_history: unknown[] };
    expect(result.payment_history.at(-1)).toEqual({
      payment_id: 'credit_card_1111111',
      amount: -44,
    });
  });

  it('refuses a certificate, an unknown method and a gift card short of the price', async () => {
    const tools = createToolHarness(miniAirline);
    const change = (payment_id: string, reservation_id = 'ADA001') =>
      tools.call('update_reservation_flights', {
        reservation_id,
        cabin: 'business',
        flights: [{ flight_number: 'HAT101', date: '2024-05-20' }],
        payment_id,
      });
    expect(errorOf(await change('certificate_4444444'))).toEqual({
      code: 'certificate_not_allowed',
      message: 'certificate cannot be used to update reservation',
    });
    expect(errorOf(await change('gift_card_6666666'))).toEqual({
      code: 'payment_method_not_found',
      message: 'payment method not found',
    });
    // Business 400 - 150 = 250 > 200 on the gift card.
    expect(errorOf(await change('gift_card_2222222'))).toEqual({
      code: 'not_enough_balance',
      message: 'gift card balance is not enough',
    });
    expect(tools.state.diff()).toEqual({});
  });

  it('checks the new legs before the payment', async () => {
    const tools = createToolHarness(miniAirline);
    const response = await tools.call('update_reservation_flights', {
      reservation_id: 'ADA001',
      cabin: 'economy',
      flights: [{ flight_number: 'HAT102', date: '2024-05-26' }],
      payment_id: 'certificate_4444444',
    });
    expect(errorOf(response)).toEqual({
      code: 'flight_not_available',
      message: 'flight HAT102 not available on date 2024-05-26',
    });
  });

  it('answers an unknown reservation with reservation not found', async () => {
    const tools = createToolHarness(miniAirline);
    const response = await tools.call('update_reservation_flights', {
      reservation_id: 'NOPE00',
      cabin: 'economy',
      flights: [],
      payment_id: 'credit_card_1111111',
    });
    expect(errorOf(response)).toEqual({
      code: 'reservation_not_found',
      message: 'reservation not found',
    });
  });
});
