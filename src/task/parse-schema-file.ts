import type { z } from 'zod';
import type { Problem } from '../core/index.js';
import { findPrototypeKeys } from './find-prototype-keys.js';
import { parseYamlSource } from './yaml-source.js';
import type { YamlSource } from './yaml-source.js';
import { zodProblems } from './zod-problems.js';

export type ParsedSchemaFile<T> =
  | { readonly ok: true; readonly spec: T; readonly source: YamlSource }
  | { readonly ok: false; readonly problems: readonly Problem[] };

/**
 * Parses one suite file (YAML or JSON) that holds one mapping and checks it
 * against `schema`, listing every problem at once with its line: YAML
 * errors, a value that is not a mapping (`notMapping` says what it must
 * hold), keys such as `__proto__`, and schema problems.
 */
export function parseSchemaFile<S extends z.ZodType>(
  text: string | Uint8Array,
  file: string,
  schema: S,
  notMapping: string,
): ParsedSchemaFile<z.output<S>> {
  const source = parseYamlSource(text, file);
  if (source.problems.length > 0) return { ok: false, problems: source.problems };
  if (typeof source.value !== 'object' || source.value === null || Array.isArray(source.value))
    return { ok: false, problems: [{ file, line: 1, message: notMapping }] };
  const prototypeKeys = findPrototypeKeys(source);
  const parsed = schema.safeParse(source.value);
  if (!parsed.success)
    return {
      ok: false,
      problems: [...prototypeKeys, ...zodProblems(parsed.error.issues, source, schema)],
    };
  if (prototypeKeys.length > 0) return { ok: false, problems: prototypeKeys };
  return { ok: true, spec: parsed.data, source };
}
