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

describe('search_direct_flight', () => {
  it("lists the available flights of the day, the flight's fields then the day's", async () => {
    const tools = createToolHarness(miniAirline);
    const found = (await tools.result('search_direct_flight', {
      origin: 'SFO',
      destination: 'JFK',
      date: '2024-05-20',
    })) as Record<string, unknown>[];
    // HAT101 and HAT401 fly SFO-JFK on May 20, in the data's order.
    expect(found.map((flight) => flight.flight_number)).toEqual(['HAT101', 'HAT401']);
    expect(found[0]).toEqual({
      flight_number: 'HAT101',
      origin: 'SFO',
      destination: 'JFK',
      scheduled_departure_time_est: '08:00:00',
      scheduled_arrival_time_est: '16:30:00',
      status: 'available',
      available_seats: { basic_economy: 5, economy: 10, business: 2 },
      prices: { basic_economy: 80, economy: 150, business: 400 },
    });
    expect(Object.keys(found[0]!)).toEqual([
      'flight_number',
      'origin',
      'destination',
      'scheduled_departure_time_est',
      'scheduled_arrival_time_est',
      'status',
      'available_seats',
      'prices',
    ]);
  });

  it('leaves out days that are not available', async () => {
    const tools = createToolHarness(miniAirline);
    // HAT102 is cancelled on May 26.
    expect(
      await tools.result('search_direct_flight', {
        origin: 'JFK',
        destination: 'SFO',
        date: '2024-05-26',
      }),
    ).toEqual([]);
  });
});

describe('search_onestop_flight', () => {
  it('pairs a first leg with a second that departs after it arrives', async () => {
    const tools = createToolHarness(miniAirline);
    const found = (await tools.result('search_onestop_flight', {
      origin: 'SFO',
      destination: 'JFK',
      date: '2024-05-20',
    })) as Record<string, unknown>[][];
    // HAT201 SFO-ORD arrives 12:00:00, HAT202 ORD-JFK leaves 13:00:00.
    expect(found).toHaveLength(1);
    expect(found[0]!.map((leg) => [leg.flight_number, leg.date, leg.prices])).toEqual([
      ['HAT201', '2024-05-20', { basic_economy: 60, economy: 110, business: 300 }],
      ['HAT202', '2024-05-20', { basic_economy: 55, economy: 100, business: 280 }],
    ]);
  });

  it("shows the second leg with the searched day's fields under the next day's date after a +1 arrival", async () => {
    const tools = createToolHarness(miniAirline);
    const found = (await tools.result('search_onestop_flight', {
      origin: 'LAX',
      destination: 'MIA',
      date: '2024-05-20',
    })) as Record<string, unknown>[][];
    // HAT301 arrives 01:00:00+1, so HAT303 is looked for on 2024-05-21
    // (available); tau-bench then merges HAT303's 2024-05-20 day (delayed).
    expect(found).toHaveLength(1);
    expect(found[0]![1]).toMatchObject({
      flight_number: 'HAT303',
      status: 'delayed',
      estimated_departure_time_est: '2024-05-20T09:00:00',
      date: '2024-05-21',
    });
    expect(found[0]![1]).not.toHaveProperty('prices');
  });

  it("fails with tau-bench's KeyError when the second leg lacks the searched day", async () => {
    const tools = createToolHarness(miniAirline);
    // HAT302 flies on 2024-05-21 only: Python's flight2["dates"]["2024-05-20"] raises.
    expect(
      errorOf(
        await tools.call('search_onestop_flight', {
          origin: 'LAX',
          destination: 'BOS',
          date: '2024-05-20',
        }),
      ),
    ).toEqual({ code: 'python_error', message: "'2024-05-20'" });
  });

  it("fails with int()'s ValueError when the day is not a number and a leg arrives +1", async () => {
    const tools = createToolHarness(miniAirline);
    // Python: int('xx') raises "invalid literal for int() with base 10: 'xx'".
    expect(
      errorOf(
        await tools.call('search_onestop_flight', {
          origin: 'LAX',
          destination: 'MIA',
          date: '2024-05-xx',
        }),
      ),
    ).toEqual({ code: 'python_error', message: "invalid literal for int() with base 10: 'xx'" });
  });
});
