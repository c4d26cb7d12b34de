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

describe('get_user_details', () => {
  it('returns the whole user record', async () => {
    const tools = createToolHarness(miniAirline);
    const user = await tools.result('get_user_details', { user_id: 'bo_chen_2002' });
    expect(user).toMatchObject({
      membership: 'silver',
      reservations: ['BOC001'],
      payment_methods: { gift_card_6666666: { source: 'gift_card', amount: 40 } },
    });
  });

  it("answers an unknown user with tau-bench's 'user not found'", async () => {
    const tools = createToolHarness(miniAirline);
    expect(errorOf(await tools.call('get_user_details', { user_id: 'nobody_0000' }))).toEqual({
      code: 'user_not_found',
      message: 'user not found',
    });
  });
});

describe('get_reservation_details', () => {
  it('returns the reservation', async () => {
    const tools = createToolHarness(miniAirline);
    expect(
      await tools.result('get_reservation_details', { reservation_id: 'CYO001' }),
    ).toMatchObject({ user_id: 'cy_okafor_3003', cabin: 'business', total_baggages: 3 });
  });

  it("answers an unknown reservation with tau-bench's words, which say 'user'", async () => {
    const tools = createToolHarness(miniAirline);
    expect(
      errorOf(await tools.call('get_reservation_details', { reservation_id: 'NOPE00' })),
    ).toEqual({ code: 'reservation_not_found', message: 'user not found' });
  });

  it('does not take an inherited property for a reservation', async () => {
    const tools = createToolHarness(miniAirline);
    expect(
      errorOf(await tools.call('get_reservation_details', { reservation_id: 'constructor' })),
    ).toMatchObject({ code: 'reservation_not_found' });
  });
});

describe('list_all_airports', () => {
  it("lists tau-bench's 20 airports in its order, whatever the flights data", async () => {
    const tools = createToolHarness(miniAirline);
    const airports = (await tools.result('list_all_airports', {})) as Record<string, string>;
    expect(Object.keys(airports)).toHaveLength(20);
    expect(Object.entries(airports).slice(0, 3)).toEqual([
      ['SFO', 'San Francisco'],
      ['JFK', 'New York'],
      ['LAX', 'Los Angeles'],
    ]);
    expect(Object.entries(airports).at(-1)).toEqual(['LGA', 'LaGuardia']);
  });
});
