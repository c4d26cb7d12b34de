import type { z } from 'zod';
import type { JsonObject, Problem } from '../../core/index.js';
import {
  AirlineFlightSchema,
  AirlineReservationSchema,
  AirlineUserSchema,
} from './airline-records.js';
import type { AirlineReservation } from './airline-records.js';

/** The three collections of tau-bench's airline database. */
export interface AirlineFixture {
  readonly flights: Readonly<Record<string, JsonObject>>;
  readonly reservations: Readonly<Record<string, JsonObject>>;
  readonly users: Readonly<Record<string, JsonObject>>;
}

/** Enough to locate what is wrong with a broken file without flooding the terminal. */
const MAX_PROBLEMS = 20;

/**
 * Every problem that would make an airline tool misread a record: shapes
 * (an available day without seats or prices, a gift card without an
 * amount) and the reference the tools follow, a reservation's owner. An
 * empty list means the tools cannot crash on it.
 *
 * @example
 * checkAirlineFixture({ flights: {}, reservations: { R1: { user_id: 'u' } }, users: {} });
 * // [{ path: 'reservations.R1.reservation_id', message: 'Invalid input: ...' }, ...]
 */
export function checkAirlineFixture(fixture: AirlineFixture): Problem[] {
  const problems: Problem[] = [];
  const report = (path: string, message: string): void => {
    problems.push({ path, message });
  };
  checkCollection('flights', fixture.flights, AirlineFlightSchema, report);
  checkCollection('users', fixture.users, AirlineUserSchema, report);
  const reservations = checkCollection(
    'reservations',
    fixture.reservations,
    AirlineReservationSchema,
    report,
  );
  for (const reservationId of reservations) {
    const { user_id } = fixture.reservations[reservationId] as unknown as AirlineReservation;
    if (!Object.hasOwn(fixture.users, user_id)) {
      report(`reservations.${reservationId}.user_id`, `no user "${user_id}"`);
    }
  }
  if (problems.length <= MAX_PROBLEMS) return problems;
  return [
    ...problems.slice(0, MAX_PROBLEMS),
    { message: `and ${problems.length - MAX_PROBLEMS} more problems` },
  ];
}

/** Checks each record's shape; returns the ids of those that passed. */
function checkCollection(
  collection: string,
  records: Readonly<Record<string, JsonObject>>,
  schema: z.ZodType,
  report: (path: string, message: string) => void,
): string[] {
  const valid: string[] = [];
  for (const [id, record] of Object.entries(records)) {
    const result = schema.safeParse(record);
    if (result.success) {
      valid.push(id);
      continue;
    }
    for (const issue of result.error.issues) {
      report([collection, id, ...issue.path.map(String)].join('.'), issue.message);
    }
  }
  return valid;
}
