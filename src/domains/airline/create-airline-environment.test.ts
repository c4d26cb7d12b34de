import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isEndstateError } from '../../core/index.js';
import { checkAirlineFixture } from './check-airline-fixture.js';
import { createAirlineEnvironment } from './create-airline-environment.js';
import { loadAirlineData } from './load-airline-data.js';

const MINI = new URL('../../../test/fixtures/taubench-airline-mini/', import.meta.url).pathname;

const folders: string[] = [];
function tempFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'endstate-airline-'));
  folders.push(folder);
  return folder;
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function thrown(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('loadAirlineData', () => {
  it("reads tau-bench's airline folder: data/*.json and wiki.md", () => {
    const data = loadAirlineData(MINI);
    expect(Object.keys(data.flights)).toContain('HAT101');
    expect(Object.keys(data.reservations)).toEqual(['ADA001', 'ADA002', 'BOC001', 'CYO001']);
    expect(Object.keys(data.users)).toHaveLength(3);
    expect(data.policy).toContain('Mini airline policy');
  });

  it("reads a suite's flat data folder with policy.md", () => {
    const folder = tempFolder();
    cpSync(join(MINI, 'data'), folder, { recursive: true });
    writeFileSync(join(folder, 'policy.md'), 'Be kind.');
    expect(loadAirlineData(folder).policy).toBe('Be kind.');
  });

  it('names every missing file', () => {
    const folder = tempFolder();
    writeFileSync(join(folder, 'flights.json'), '{}');
    const error = thrown(() => loadAirlineData(folder));
    expect(isEndstateError(error) && error.code).toBe('E_ENVIRONMENT_INVALID');
    expect((error as Error).message).toContain('reservations.json');
    expect((error as Error).message).toContain('users.json');
    expect((error as Error).message).toContain('policy.md');
  });

  it('names a data file that is not a JSON object of records', () => {
    const folder = tempFolder();
    cpSync(join(MINI, 'data'), folder, { recursive: true });
    writeFileSync(join(folder, 'policy.md'), '');
    writeFileSync(join(folder, 'users.json'), '[1, 2]');
    expect((thrown(() => loadAirlineData(folder)) as Error).message).toMatch(
      /users\.json is not a JSON object of records keyed by id/,
    );
  });
});

describe('checkAirlineFixture', () => {
  it('finds nothing wrong with the mini dataset', () => {
    expect(checkAirlineFixture(loadAirlineData(MINI))).toEqual([]);
  });

  it('names an available day without prices, a gift card without amount and an unknown owner', () => {
    const data = loadAirlineData(MINI);
    const problems = checkAirlineFixture({
      flights: {
        HAT900: {
          flight_number: 'HAT900',
          origin: 'SFO',
          destination: 'JFK',
          scheduled_departure_time_est: '08:00:00',
          scheduled_arrival_time_est: '10:00:00',
          dates: { '2024-05-20': { status: 'available' } },
        },
      },
      users: { u: { payment_methods: { g: { source: 'gift_card', id: 'g' } }, reservations: [] } },
      reservations: { R1: { ...data.reservations.ADA001, user_id: 'ghost' } },
    });
    expect(problems.map((problem) => problem.path)).toEqual([
      'flights.HAT900.dates.2024-05-20',
      'users.u.payment_methods.g.amount',
      'reservations.R1.user_id',
    ]);
  });
});

describe('createAirlineEnvironment', () => {
  it("offers tau-bench's 14 tools in its order, with their effects", () => {
    const environment = createAirlineEnvironment(loadAirlineData(MINI));
    expect(environment.name).toBe('taubench-airline');
    expect(environment.descriptors.map((tool) => `${tool.name}:${tool.effect}`)).toEqual([
      'book_reservation:irreversible',
      'calculate:read',
      'cancel_reservation:irreversible',
      'get_reservation_details:read',
      'get_user_details:read',
      'list_all_airports:read',
      'search_direct_flight:read',
      'search_onestop_flight:read',
      'send_certificate:irreversible',
      'think:read',
      'transfer_to_human_agents:read',
      'update_reservation_baggages:irreversible',
      'update_reservation_flights:irreversible',
      'update_reservation_passengers:write',
    ]);
  });

  it('shows the cabin as an enum, as tau-bench does', () => {
    const environment = createAirlineEnvironment(loadAirlineData(MINI));
    const book = environment.descriptors.find((tool) => tool.name === 'book_reservation');
    expect(book?.input_schema).toMatchObject({
      properties: { cabin: { enum: ['basic_economy', 'economy', 'business'] } },
    });
  });

  it('refuses data the tools would crash on', () => {
    const data = loadAirlineData(MINI);
    const error = thrown(() =>
      createAirlineEnvironment({ ...data, users: { ...data.users, bad: { reservations: 3 } } }),
    );
    expect(isEndstateError(error) && error.code).toBe('E_ENVIRONMENT_INVALID');
  });
});
