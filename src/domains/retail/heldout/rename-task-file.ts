import type { JsonObject, JsonValue } from '../../../core/index.js';
import { isJsonObject } from '../../../core/index.js';
import type { HeldoutMapping } from './heldout-mapping.js';
import type { AmountMention } from './rename-text.js';
import { renameText } from './rename-text.js';

/** An amount left as written, and where: `user.scenario.hidden_goal`, `expect.communicate[0]`. */
export interface UnmappedAmount extends AmountMention {
  readonly path: string;
}

export interface RenamedTaskFile {
  readonly file: JsonObject;
  readonly unmapped: readonly UnmappedAmount[];
}

/** Fields the renaming leaves to its caller: the id, the fixture, the variant and the recomputed changes. */
const LEFT_OUT = new Set(['id', 'fixture', 'variant', 'expect.changes']);

/**
 * Every string of a task file (its instruction, scenario, script,
 * reference and known-bad paths, constraints, communicated facts, ...)
 * renamed by `renameText`, then the user's words passed through `reword`.
 * Keys stay as they are; `id`, `fixture`, `variant` and `expect.changes`
 * are copied unchanged, for the caller to set.
 */
export function renameTaskFile(
  file: JsonObject,
  context: {
    readonly mapping: HeldoutMapping;
    readonly amounts: ReadonlyMap<number, number>;
    readonly reword: (text: string) => string;
  },
): RenamedTaskFile {
  const unmapped: UnmappedAmount[] = [];
  const visit = (value: JsonValue, path: string): JsonValue => {
    if (LEFT_OUT.has(path)) return value;
    if (typeof value === 'string') {
      const renamed = renameText(value, context);
      unmapped.push(...renamed.unmapped.map((mention) => ({ ...mention, path })));
      return path === 'user.instruction' || path === 'user.scenario.hidden_goal'
        ? context.reword(renamed.text)
        : renamed.text;
    }
    if (Array.isArray(value)) return value.map((item, index) => visit(item, `${path}[${index}]`));
    if (isJsonObject(value))
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [
          key,
          visit(item, path === '' ? key : `${path}.${key}`),
        ]),
      );
    return value;
  };
  return { file: visit(file, '') as JsonObject, unmapped };
}
