import { isJsonObject, jsonEqual } from '../../core/index.js';

/**
 * Dotted paths where two system specs differ (`agent.options.slip`,
 * `model.id`), descending into objects present on both sides and sorted:
 * what changed between two systems under test, at a glance. Arrays and
 * values that are objects on one side only count as one leaf.
 *
 * @example
 * systemDifferences({ agent: { options: { slip: 0.1 } } }, { agent: { options: { slip: 0.3 } } });
 * // ['agent.options.slip']
 */
export function systemDifferences(a: unknown, b: unknown, prefix = ''): string[] {
  if (jsonEqual(a, b)) return [];
  if (!isJsonObject(a) || !isJsonObject(b)) return [prefix === '' ? '(whole spec)' : prefix];
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  return keys.flatMap((key) =>
    systemDifferences(a[key], b[key], prefix === '' ? key : `${prefix}.${key}`),
  );
}
