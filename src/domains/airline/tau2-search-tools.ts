import { z } from 'zod';
import type { JsonObject } from '../../core/index.js';
import { defineTool, toolError } from '../../environment/index.js';
import type { WorkingState } from '../../state/index.js';
import { pythonStringRepr } from '../taubench/index.js';
import { AIRLINE_COLLECTIONS, ownEntry, readFlight } from './airline-records.js';
import type { AirlineFlight } from './airline-records.js';
import { tau2SearchArguments } from './tau2-tool-arguments.js';

// tau2's flight searches (tau2-bench, MIT, Sierra). Both answer tau2's
// `DirectFlight` model: the flight's fields, `status: "available"`, the day's
// seats and prices, and `date` (null in a direct search). tau2's one-stop
// search differs from v1's: each leg shows its own day, and the second leg
// is looked for among the flights available on its own day.

interface DirectSearch {
  readonly date: string;
  readonly origin?: string;
  readonly destination?: string;
  readonly leaveAfter?: string;
}

/** tau2's `_search_direct_flight`, in the flights data's order. */
function directFlights(state: WorkingState, search: DirectSearch): JsonObject[] {
  const found: JsonObject[] = [];
  for (const flightNumber of state.ids(AIRLINE_COLLECTIONS.flights)) {
    const flight = readFlight(state, flightNumber);
    if (flight === undefined || !matches(flight, search)) continue;
    const day = flight.dates[search.date]!;
    found.push({
      flight_number: flight.flight_number,
      origin: flight.origin,
      destination: flight.destination,
      status: 'available',
      scheduled_departure_time_est: flight.scheduled_departure_time_est,
      scheduled_arrival_time_est: flight.scheduled_arrival_time_est,
      date: null,
      available_seats: { ...day.available_seats! },
      prices: { ...day.prices! },
    });
  }
  return found;
}

function matches(flight: AirlineFlight, search: DirectSearch): boolean {
  return (
    (search.origin === undefined || flight.origin === search.origin) &&
    (search.destination === undefined || flight.destination === search.destination) &&
    ownEntry(flight.dates, search.date)?.status === 'available' &&
    (search.leaveAfter === undefined || flight.scheduled_departure_time_est >= search.leaveAfter)
  );
}

export const tau2SearchDirectFlight = defineTool({
  name: 'search_direct_flight',
  description: 'Search for direct flights between two cities on a specific date.',
  input: z.strictObject(tau2SearchArguments('2024-01-01')),
  effect: 'read',
  run: ({ origin, destination, date }, { state }) =>
    directFlights(state, { date, origin, destination }),
});

/**
 * Python's `int(text)` for the two last characters of a date: surrounding
 * whitespace, a sign and ASCII digits; anything else is its ValueError.
 */
function pythonInt(text: string): number | { readonly error: string } {
  const trimmed = text.trim();
  if (/^[+-]?\d+$/.test(trimmed)) return Number(trimmed);
  return { error: `invalid literal for int() with base 10: ${pythonStringRepr(text)}` };
}

/**
 * tau2's one-stop search: every flight available from the origin that day,
 * then every flight available from its destination to the destination that
 * leaves at or after its scheduled arrival (compared as text). After a
 * "+1" arrival the second day is built as `2024-05-{day + 1}` (no leading
 * zero, always May), as tau2 builds it.
 */
export const tau2SearchOnestopFlight = defineTool({
  name: 'search_onestop_flight',
  description: 'Search for one-stop flights between two cities on a specific date.',
  input: z.strictObject(tau2SearchArguments('2024-05-01')),
  effect: 'read',
  run: ({ origin, destination, date }, { state }) => {
    const pairs: JsonObject[][] = [];
    for (const first of directFlights(state, { date, origin })) {
      const arrival = first.scheduled_arrival_time_est as string;
      let secondDate = date;
      if (arrival.includes('+1')) {
        const day = pythonInt(date.slice(-2));
        if (typeof day !== 'number') return toolError('python_error', day.error);
        secondDate = `2024-05-${day + 1}`;
      }
      const seconds = directFlights(state, {
        date: secondDate,
        origin: first.destination as string,
        destination,
        leaveAfter: arrival,
      });
      for (const second of seconds) {
        pairs.push([
          { ...first, date },
          { ...second, date: secondDate },
        ]);
      }
    }
    return pairs;
  },
});
