import type { Problem } from '../core/index.js';
import { TaskFileSchema } from '../schema/index.js';
import type { TaskFile } from '../schema/index.js';
import { findPrototypeKeys } from './find-prototype-keys.js';
import { parseYamlSource } from './yaml-source.js';
import type { YamlSource } from './yaml-source.js';
import { zodProblems } from './zod-problems.js';

export type ParsedTaskFile =
  | { readonly ok: true; readonly spec: TaskFile; readonly source: YamlSource }
  | { readonly ok: false; readonly problems: readonly Problem[] };

/** Parses and schema-checks one task file (YAML or JSON), listing every problem at once. */
export function parseTaskFile(text: string | Uint8Array, file: string): ParsedTaskFile {
  const source = parseYamlSource(text, file);
  if (source.problems.length > 0) return { ok: false, problems: source.problems };
  if (typeof source.value !== 'object' || source.value === null || Array.isArray(source.value)) {
    return {
      ok: false,
      problems: [
        { file, line: 1, message: 'a task file must hold one mapping (id, revision, ...)' },
      ],
    };
  }
  const prototypeKeys = findPrototypeKeys(source);
  const parsed = TaskFileSchema.safeParse(source.value);
  if (!parsed.success) {
    return { ok: false, problems: [...prototypeKeys, ...zodProblems(parsed.error.issues, source)] };
  }
  if (prototypeKeys.length > 0) return { ok: false, problems: prototypeKeys };
  return { ok: true, spec: parsed.data, source };
}
