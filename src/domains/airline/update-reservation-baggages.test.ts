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

describe('update_reservation_baggages', () => {
  it('charges 50 per added non-free bag to a gift card and records it', async () => {
    const tools = createToolHarness(miniAirline);
    // ADA001 has 0 non-free bags; 2 more cost 100 (gift card 200 -> 100).
    const result = await tools.result('update_reservation_baggages', {
      reservation_id: 'ADA001',
      total_baggages: 3,
      nonfree_baggages: 2,
      payment_id: 'gift_card_2222222',
    });
    expect(result).toMatchObject({
      total_baggages: 3,
      nonfree_baggages: 2,
      payment_history: [
        { payment_id: 'credit_card_1111111', amount: 150 },
        { payment_id: 'gift_card_2222222', amount: 100 },
      ],
    });
    const methods = tools.state.get('users', 'ada_lovelace_1001')?.payment_methods as Methods;
    expect(methods.gift_card_2222222?.amount).toBe(100);
  });

  it('gives nothing back for fewer bags and records no payment of 0', async () => {
    const tools = createToolHarness(miniAirline);
    // BOC001: 2 bags, 1 non-free -> 0 and 0: max(0, 0 - 1) * 50 = 0.
    const result = (await tools.result('update_reservation_baggages', {
      reservation_id: 'BOC001',
      total_baggages: 0,
      nonfree_baggages: 0,
      payment_id: 'gift_card_6666666',
    })) as { payment_history: unknown[]; total_baggages: number };
    expect(result.total_baggages).toBe(0);
    expect(result.payment_history).toHaveLength(1);
    expect(Object.keys(tools.state.diff())).toEqual(['reservations']);
  });

  it("refuses a gift card short of the price, a certificate and another user's method", async () => {
    const tools = createToolHarness(miniAirline);
    const add = (payment_id: string) =>
      tools.call('update_reservation_baggages', {
        reservation_id: 'BOC001',
        total_baggages: 3,
        nonfree_baggages: 2,
        payment_id,
      });
    // One more non-free bag: 50 > 40 on the gift card.
    expect(errorOf(await add('gift_card_6666666'))).toEqual({
      code: 'not_enough_balance',
      message: 'gift card balance is not enough',
    });
    expect(errorOf(await add('certificate_3333333'))).toEqual({
      code: 'payment_method_not_found',
      message: 'payment method not found',
    });
    expect(tools.state.diff()).toEqual({});
  });

  it('refuses a certificate of the owner', async () => {
    const tools = createToolHarness(miniAirline);
    const response = await tools.call('update_reservation_baggages', {
      reservation_id: 'ADA001',
      total_baggages: 1,
      nonfree_baggages: 0,
      payment_id: 'certificate_3333333',
    });
    expect(errorOf(response)).toEqual({
      code: 'certificate_not_allowed',
      message: 'certificate cannot be used to update reservation',
    });
  });

  it('answers an unknown reservation with reservation not found', async () => {
    const tools = createToolHarness(miniAirline);
    const response = await tools.call('update_reservation_baggages', {
      reservation_id: 'NOPE00',
      total_baggages: 1,
      nonfree_baggages: 0,
      payment_id: 'credit_card_1111111',
    });
    expect(errorOf(response)).toMatchObject({ code: 'reservation_not_found' });
  });
});
