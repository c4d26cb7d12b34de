import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import support from '../../examples/support/environment.js';
import { isEndstateError } from '../core/index.js';
import { loadRunFaults } from './load-faults.js';

let folder: string | undefined;
afterEach(() => {
  if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
});

function load(text: string | Uint8Array): unknown {
  folder = mkdtempSync(join(tmpdir(), 'endstate-faults-'));
  writeFileSync(join(folder, 'faults.yaml'), text);
  try {
    return loadRunFaults('faults.yaml', folder, support);
  } catch (error) {
    return error;
  }
}

describe('loadRunFaults', () => {
  it('refuses an injection path through __proto__ at its line, and pollutes nothing', () => {
    const error = load(
      [
        'inject:',
        '  - tool: get_order',
        '    field: __proto__.polluted',
        '    text: hi',
        '    goal: { tool: send_email }',
        '',
      ].join('\n'),
    );
    expect(isEndstateError(error) && error.code).toBe('E_FAULTS_INVALID');
    expect(isEndstateError(error) && error.problems).toEqual([
      expect.objectContaining({
        file: 'faults.yaml',
        line: 3,
        path: 'inject[0].field',
        message: expect.stringContaining('"__proto__" cannot be a key or a path segment') as string,
      }),
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a prototype key among the arguments a fault matches', () => {
    const error = load('- { kind: timeout, tool: get_order, args: { constructor: x } }\n');
    expect(isEndstateError(error) && error.problems).toEqual([
      expect.objectContaining({ file: 'faults.yaml', line: 1, path: '[0].args.constructor' }),
    ]);
  });
});
