import { z } from 'zod';
import type { JsonObject } from '../../core/index.js';
import { defineTool, toolError } from '../../environment/index.js';
import type { WorkingState } from '../../state/index.js';
import { pythonStringRepr } from '../taubench/index.js';
import { AIRLINE_COLLECTIONS, ownEntry, readFlight } from './airline-records.js';
import type { AirlineFlight } from './airline-records.js';
import { searchArguments } from './tool-arguments.js';

// Descriptions are tau-bench's (MIT, Sierra), the one-stop search's copied
// description ("direct flights") included.

function flightsInOrder(state: WorkingState): AirlineFlight[] {
  const flights: AirlineFlight[] = [];
  for (const flightNumber of state.ids(AIRLINE_COLLECTIONS.flights)) {
    const flight = readFlight(state, flightNumber);
    if (flight !== undefined) flights.push(flight);
  }
  return flights;
}

/** A flight without its calendar, with one day's fields merged in (Python's `dict.update`). */
function flightOnDay(flight: AirlineFlight, day: JsonObject): JsonObject {
  const { dates: _dates, ...rest } = flight;
  return { ...(rest as JsonObject), ...day };
}

function isAvailable(flight: AirlineFlight, date: string): boolean {
  return ownEntry(flight.dates, date)?.status === 'available';
}

export const searchDirectFlight = defineTool({
  name: 'search_direct_flight',
  description: 'Search direct flights between two cities on a specific date.',
  input: z.strictObject(searchArguments('2024-01-01')),
  effect: 'read',
  run: ({ origin, destination, date }, { state }) =>
    flightsInOrder(state)
      .filter(
        (flight) =>
          flight.origin === origin &&
          flight.destination === destination &&
          isAvailable(flight, date),
      )
      .map((flight) => flightOnDay(flight, flight.dates[date] as JsonObject)),
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

type Connection = readonly [JsonObject, JsonObject];

/**
 * tau-bench's one-stop search, quirks included: the second leg's day is the
 * next one when the first arrives "+1" (built as `2024-05-{day + 1}`, so
 * without a leading zero and always in May); a connection is kept when the
 * first leg's scheduled arrival text is not after the second's departure;
 * the second leg shows the fields of the searched day (not its own), and
 * when that day is missing from its calendar tau-bench fails with a
 * KeyError, which is the answer here too.
 */
function connections(
  flights: readonly AirlineFlight[],
  search: { readonly origin: string; readonly destination: string; readonly date: string },
): Connection[] | { readonly error: string } {
  const { origin, destination, date } = search;
  const results: Connection[] = [];
  for (const first of flights) {
    if (first.origin !== origin) continue;
    for (const second of flights) {
      if (second.destination !== destination || first.destination !== second.origin) continue;
      let secondDate = date;
      if (first.scheduled_arrival_time_est.includes('+1')) {
        const day = pythonInt(date.slice(-2));
        if (typeof day !== 'number') return day;
        secondDate = `2024-05-${day + 1}`;
      }
      if (first.scheduled_arrival_time_est > second.scheduled_departure_time_est) continue;
      if (!Object.hasOwn(first.dates, date) || !Object.hasOwn(second.dates, secondDate)) continue;
      if (!isAvailable(first, date) || !isAvailable(second, secondDate)) continue;
      const secondDay = ownEntry(second.dates, date);
      if (secondDay === undefined) return { error: pythonStringRepr(date) };
      results.push([
        { ...flightOnDay(first, first.dates[date] as JsonObject), date },
        { ...flightOnDay(second, secondDay as JsonObject), date: secondDate },
      ]);
    }
  }
  return results;
}

export const searchOnestopFlight = defineTool({
  name: 'search_onestop_flight',
  description: 'Search direct flights between two cities on a specific date.',
  input: z.strictObject(searchArguments('2024-05-01')),
  effect: 'read',
  run: (search, { state }) => {
    const found = connections(flightsInOrder(state), search);
    if (!Array.isArray(found)) return toolError('python_error', found.error);
    return found.map((pair) => [...pair]);
  },
});
