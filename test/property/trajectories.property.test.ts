import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { loadTrajectories } from '../../src/cli/load-trajectories.js';
import {
  expectCodedError,
  fileContents,
  fuzzOptions,
  render,
  timed,
  trickyString,
  FUZZ_TIMEOUT_MS,
} from './arbitraries.js';
import { readTexts } from './temp-suite.js';

// Random and edited replay trajectory files through loadTrajectories: the
// steps come back, or a coded error names the file.

interface TaskLike {
  id: string;
  reference?: unknown[];
  known_bad?: { name: string; actions: unknown[] }[];
}

/** Trajectory files built from the example tasks' reference and known-bad paths. */
const DOCUMENTS: unknown[] = ['examples/support/tasks', 'examples/airline/tasks'].flatMap(
  (folder) => {
    const tasks = readTexts(folder).map((text) => parse(text) as TaskLike);
    return [
      Object.fromEntries(tasks.map((task) => [task.id, task.reference ?? []])),
      ...tasks.map((task) =>
        Object.fromEntries(
          (task.known_bad ?? []).map((bad) => [`${task.id}-${bad.name}`, bad.actions]),
        ),
      ),
    ];
  },
);
const TEXTS = DOCUMENTS.flatMap((document) => [render(document, 'json'), render(document, 'yaml')]);

const folder = mkdtempSync(join(tmpdir(), 'endstate-fuzz-trajectories-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('loadTrajectories (property)', () => {
  it(
    'returns steps for each task id, or throws a coded error naming the file',
    () => {
      fc.assert(
        fc.property(
          fileContents(TEXTS, DOCUMENTS),
          fc.constantFrom('trajectory.json', 'trajectory.yaml', 'replay/steps.yml'),
          fc.array(fc.oneof(trickyString, fc.constantFrom('refund-8842', 'valueOf')), {
            maxLength: 4,
          }),
          (text, file, lookups) => {
            const name = file.replace('/', '-');
            writeFileSync(join(folder, name), text);
            let trajectories: ReturnType<typeof loadTrajectories>;
            try {
              trajectories = timed(() => loadTrajectories(name, folder));
            } catch (error) {
              const coded = expectCodedError(error, [name], [name]);
              expect(coded.code).toBe('E_TRAJECTORY_INVALID');
              return;
            }
            for (const steps of Object.values(trajectories)) {
              for (const step of steps) {
                if ('say' in step) expect(typeof step.say).toBe('string');
                else expect(step.tool).not.toBe('');
              }
            }
            // The replay agent looks steps up by task id: any id finds steps or nothing.
            for (const id of lookups) {
              const steps: unknown = trajectories[id];
              expect(steps === undefined || Array.isArray(steps)).toBe(true);
            }
          },
        ),
        fuzzOptions(300, 21),
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});
