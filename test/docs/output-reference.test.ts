import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildOutputReference } from '../../scripts/output-reference.js';
import { createMemoryStore, createSimulatedAgent, loadSuite, runSuite } from '../../src/index.js';
import { buildScorecard } from '../../src/report/index.js';

const root = join(import.meta.dirname, '../..');
// Type-checking the record types takes seconds, more on a busy machine.
const BUILD_TIMEOUT_MS = 180_000;

/**
 * Every path of a JSON value in the reference's notation: `a.b`, `a[].b`;
 * keys that are data (task ids, k, kinds) are not told apart from fields
 * here, so a map's keys appear as they are and are matched against `.*`.
 */
function jsonPaths(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => jsonPaths(item, `${path}[]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => {
    const child = path === '' ? key : `${path}.${key}`;
    return [child, ...jsonPaths(inner, child)];
  });
}

describe('docs/output-fields.md', () => {
  const { markdown, fields } = buildOutputReference(root);
  const written = readFileSync(join(root, 'docs/output-fields.md'), 'utf8');

  it(
    'is what `npm run docs:output` writes from the types now',
    () => {
      expect(
        written === markdown,
        'docs/output-fields.md is out of date: run `npm run docs:output` and commit it',
      ).toBe(true);
      expect(fields).toBeGreaterThan(300);
      expect(markdown).toContain(
        '| `success_rate.effective_trials` | `number` | The independent trials',
      );
    },
    BUILD_TIMEOUT_MS,
  );

  it(
    'names every field a real scorecard carries in its JSON',
    async () => {
      const suite = await loadSuite(join(root, 'examples/support'));
      const { run, trials } = await runSuite({
        suite,
        agent: createSimulatedAgent({ slip: 0.3 }),
        trials: 3,
        seed: 1,
        store: createMemoryStore(),
      });
      const json: unknown = JSON.parse(JSON.stringify(buildScorecard(run, trials)));
      const section = markdown.split(/^## /m).find((part) => part.startsWith('Scorecard\n'))!;
      const documented = [...section.matchAll(/^\| `([^`]+)` \|/gm)].map((match) => match[1]!);
      // `a.*.b` stands for any key of map `a`; the keys themselves are data (k, a kind).
      const pattern = (path: string, tail: string): RegExp =>
        new RegExp(
          `^${path.replace(/[.[\]]/g, (c) => `\\${c}`).replace(/\\\.\*/g, '\\.[^.]+')}${tail}`,
        );
      const fields = documented.map((path) => pattern(path, '$'));
      const mapKeys = documented
        .filter((path) => documented.some((other) => other.startsWith(`${path}.*.`)))
        .map((path) => pattern(path, '\\.[^.]+$'));
      // Below a field whose own fields are not listed (a map of numbers, a union, an
      // object past the depth shown) the keys are data, not fields.
      const leaves = documented
        .filter(
          (path) =>
            !documented.some(
              (other) => other.startsWith(`${path}.`) || other.startsWith(`${path}[]`),
            ),
        )
        .map((path) => pattern(path, '(\\.|\\[\\])'));
      const missing = [...new Set(jsonPaths(json))].filter(
        (path) => ![...fields, ...mapKeys, ...leaves].some((known) => known.test(path)),
      );
      expect(missing, 'scorecard fields the reference does not list').toEqual([]);
    },
    BUILD_TIMEOUT_MS,
  );
});
