import { describe, expect, it } from 'vitest';
import { EndstateError } from '../../core/index.js';
import { parseTomlSubset } from './parse-toml-subset.js';

function problemOf(text: string) {
  try {
    parseTomlSubset(text, 'db.toml');
  } catch (error) {
    if (error instanceof EndstateError) return { code: error.code, problems: error.problems };
    throw error;
  }
  return undefined;
}

describe('parseTomlSubset', () => {
  it('reads arrays of tables, tables inside their last element, and values', () => {
    const text = [
      '# a comment',
      '[[customers]]',
      'id = "C1"  # trailing comment',
      'ids = ["L1", "L2",',
      '       "L3"]',
      'credit = 2_500.5',
      'count = -3',
      'ok = true',
      "name = 'lit\\eral'",
      'note = "tab\\there \\u00e9 # not a comment"',
      '[[customers.payments]]',
      'kind = "card"',
      '[customers.address]',
      'city = "Salem"',
      '[[customers]]',
      'id = "C2"',
      'inline = { a = 1, b = [true] }',
      '[device.apps.maps]',
      '"quoted key" = 0.5',
    ].join('\n');
    expect(parseTomlSubset(text, 'db.toml')).toEqual({
      customers: [
        {
          id: 'C1',
          ids: ['L1', 'L2', 'L3'],
          credit: 2500.5,
          count: -3,
          ok: true,
          name: 'lit\\eral',
          note: 'tab\there é # not a comment',
          payments: [{ kind: 'card' }],
          address: { city: 'Salem' },
        },
        { id: 'C2', inline: { a: 1, b: [true] } },
      ],
      device: { apps: { maps: { 'quoted key': 0.5 } } },
    });
  });

  it('refuses an unquoted date, naming the file and line', () => {
    expect(problemOf('[[bills]]\n\nissue_date = 2025-01-05\n')).toEqual({
      code: 'E_ENVIRONMENT_INVALID',
      problems: [
        {
          file: 'db.toml',
          line: 3,
          message: 'an unquoted date (2025-01-05) is not supported: quote it',
        },
      ],
    });
  });

  it('refuses a key given twice and a string left open', () => {
    expect(problemOf('a = 1\na = 2\n')?.problems).toEqual([
      { file: 'db.toml', line: 2, message: 'key "a" is defined twice' },
    ]);
    expect(problemOf('a = "open\n')?.problems).toEqual([
      { file: 'db.toml', line: 1, message: 'a string is not closed on its line' },
    ]);
  });
});
