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

const CY = { first_name: 'Cy', last_name: 'Okafor', dob: '1978-09-30' };
const DEE = { first_name: 'Dee', last_name: 'Okafor-Reyes', dob: '1980-02-14' };
const ELI = { first_name: 'Eli', last_name: 'Okafor', dob: '2012-07-07' };

describe('update_reservation_passengers', () => {
  it('replaces the passengers as given', async () => {
    const tools = createToolHarness(miniAirline);
    const result = await tools.result('update_reservation_passengers', {
      reservation_id: 'CYO001',
      passengers: [CY, DEE, ELI],
    });
    expect(result).toMatchObject({ passengers: [CY, DEE, ELI] });
    expect(Object.keys(tools.state.diff())).toEqual(['reservations']);
  });

  it('refuses another number of passengers', async () => {
    const tools = createToolHarness(miniAirline);
    const response = await tools.call('update_reservation_passengers', {
      reservation_id: 'CYO001',
      passengers: [CY, DEE],
    });
    expect(errorOf(response)).toEqual({
      code: 'passenger_count_mismatch',
      message: 'number of passengers does not match',
    });
    expect(tools.state.diff()).toEqual({});
  });

  it('answers an unknown reservation with reservation not found', async () => {
    const tools = createToolHarness(miniAirline);
    const response = await tools.call('update_reservation_passengers', {
      reservation_id: 'NOPE00',
      passengers: [],
    });
    expect(errorOf(response)).toEqual({
      code: 'reservation_not_found',
      message: 'reservation not found',
    });
  });
});
