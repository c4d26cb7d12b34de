import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createOracleAgent } from '../../agent/index.js';
import type { TaskFile } from '../../schema/index.js';
import { runTrial } from '../../trial/index.js';
import { AIRLINE_DOMAIN } from './airline-domain.js';
import { convertTau2Task } from './convert-tau2-task.js';
import { readTau2Tasks } from './read-tau2-tasks.js';

const folder = fileURLToPath(new URL('../../../test/fixtures/tau2-airline-mini/', import.meta.url));
const file = join(folder, 'tasks.json');
const environment = AIRLINE_DOMAIN.createEnvironment(folder);
const tasks = readTau2Tasks(file);

async function convert(id: string): Promise<TaskFile> {
  const task = tasks.find((candidate) => candidate.id === id)!;
  return (await convertTau2Task(task, { domain: AIRLINE_DOMAIN, environment, file })).task;
}

describe('convertTau2Task (mini airline)', () => {
  it("expects a booking's new reservation, the user's payments and the seats it took", async () => {
    const spec = await convert('book-onestop-split-payment');
    // Values from the task itself: 1 seat off HAT501's and HAT502's economy on 2024-05-21
    // (7 and 6 in db.json), the gift card's 40 all spent.
    expect(spec.expect.changes).toEqual(
      expect.arrayContaining([
        { set: 'flights/HAT501/dates/2024-05-21/available_seats/economy', to: 6 },
        { set: 'flights/HAT502/dates/2024-05-21/available_seats/economy', to: 5 },
        { set: 'users/omar_haddad_7720/payment_methods/gift_card_7720002/amount', to: 0 },
      ]),
    );
    expect(spec.expect.changes).toContainEqual({
      insert: 'reservations',
      match: expect.objectContaining({
        reservation_id: 'HATHAT',
        cabin: 'economy',
        status: null,
        flights: [
          expect.objectContaining({ flight_number: 'HAT501', price: 125 }),
          expect.objectContaining({ flight_number: 'HAT502', price: 145 }),
        ],
      }),
      count: 1,
    });
  });

  it('leaves nl_assertions outside reward_basis out of the grade, as tau2 does, and says so', async () => {
    const spec = await convert('refuse-basic-economy-change');
    expect(spec.judge).toBeUndefined();
    expect(spec.description).toContain('The agent refuses to change a basic economy reservation.');
    expect(spec.labels).toMatchObject({ reward_basis: 'DB+COMMUNICATE' });
    expect(spec.expect.changes).toEqual([]);
  });

  it("keeps tau2's ids and passes the oracle on every task", async () => {
    const results = [];
    for (const task of tasks) {
      const spec = (await convertTau2Task(task, { domain: AIRLINE_DOMAIN, environment, file }))
        .task;
      const record = await runTrial({
        task: {
          id: spec.id,
          file: `tasks/${spec.id}.yaml`,
          spec,
          initialState: environment.fixture,
        },
        environment,
        agent: createOracleAgent(),
        seed: 1,
        attempt: 1,
        rerun: 0,
        runId: 'test',
        suiteHash: 'h',
        systemHash: 's',
      });
      results.push([spec.id, record.success]);
    }
    expect(results).toEqual(tasks.map((task) => [task.id, true]));
  });
});
