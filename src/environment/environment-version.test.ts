import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isEndstateError } from '../core/index.js';
import { defineEnvironment } from './define-environment.js';
import { defineTool } from './define-tool.js';
import { environmentAt, upsertRecords } from './environment-version.js';

const read = (name: string, result: string) =>
  defineTool({
    name,
    description: `Returns ${result}.`,
    input: z.object({}),
    effect: 'read',
    run: () => result,
  });

const base = {
  name: 'versioned',
  version: '1',
  policy: 'One.',
  fixture: { settings: { mode: { value: 'one' } } },
  tools: [read('lookup', 'old')],
};

describe('environment versions', () => {
  it('replaces same-named tools, adds new ones and changes the policy', () => {
    const environment = defineEnvironment({
      ...base,
      versions: { '2': { policy: 'Two.', tools: [read('lookup', 'new'), read('extra', 'x')] } },
    });
    const two = environmentAt(environment, '2');
    expect(two.policy).toBe('Two.');
    expect(two.descriptors.map((tool) => [tool.name, tool.description])).toEqual([
      ['lookup', 'Returns new.'],
      ['extra', 'Returns x.'],
    ]);
    expect(environmentAt(environment, '1')).toBe(environment);
    expect(environment.descriptors.map((tool) => tool.description)).toEqual(['Returns old.']);
  });

  it('refuses bad versions, listing every problem', () => {
    let error: unknown;
    try {
      defineEnvironment({
        ...base,
        versions: {
          '1': {},
          'has space': { tools: [read('a', 'a'), read('a', 'b')] },
          '3': { fixture: { unknown: {} } },
          '4': { tools: [{ name: 'not-a-tool' } as never] },
        },
      });
    } catch (thrown) {
      error = thrown;
    }
    expect(isEndstateError(error) && error.code).toBe('E_ENVIRONMENT_INVALID');
    expect(isEndstateError(error) && error.problems.map((problem) => problem.path)).toEqual([
      'versions.1',
      'versions.3.fixture.unknown',
      'versions.4.tools[0]',
      'versions.has space',
      'versions.has space.tools',
    ]);
  });

  it('upserts whole records into a state', () => {
    expect(
      upsertRecords(
        { settings: { mode: { value: 'one', extra: 1 } }, orders: { a: { n: 1 } } },
        { settings: { mode: { value: 'two' } } },
      ),
    ).toEqual({ settings: { mode: { value: 'two' } }, orders: { a: { n: 1 } } });
  });
});
