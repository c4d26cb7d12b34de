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

describe('cancel_reservation', () => {
  it('appends the negative of every payment and marks the reservation cancelled', async () => {
    const tools = createToolHarness(miniAirline);
    const result = await tools.result('cancel_reservation', { reservation_id: 'BOC001' });
    expect(result).toMatchObject({
      status: 'cancelled',
      payment_history: [
        { payment_id: 'gift_card_6666666', amount: 240 },
        { payment_id: 'gift_card_6666666', amount: -240 },
      ],
    });
    // tau-bench credits nothing back: the gift card keeps its 40.
    expect(Object.keys(tools.state.diff())).toEqual(['reservations']);
  });

  it('cancels a cancelled reservation again, refunding the refunds too', async () => {
    const tools = createToolHarness(miniAirline);
    await tools.result('cancel_reservation', { reservation_id: 'ADA001' });
    const again = (await tools.result('cancel_reservation', { reservation_id: 'ADA001' })) as {
      payment_history: unknown[];
    };
    expect(again.payment_history).toEqual([
      { payment_id: 'credit_card_1111111', amount: 150 },
      { payment_id: 'credit_card_1111111', amount: -150 },
      { payment_id: 'credit_card_1111111', amount: -150 },
      { payment_id: 'credit_card_1111111', amount: 150 },
    ]);
  });

  it('answers an unknown reservation with reservation not found', async () => {
    const tools = createToolHarness(miniAirline);
    expect(errorOf(await tools.call('cancel_reservation', { reservation_id: 'NOPE00' }))).toEqual({
      code: 'reservation_not_found',
      message: 'reservation not found',
    });
  });
});
