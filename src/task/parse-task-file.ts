import { TaskFileSchema } from '../schema/index.js';
import type { TaskFile } from '../schema/index.js';
import { parseSchemaFile } from './parse-schema-file.js';
import type { ParsedSchemaFile } from './parse-schema-file.js';

export type ParsedTaskFile = ParsedSchemaFile<TaskFile>;

/** Parses and schema-checks one task file (YAML or JSON), listing every problem at once. */
export function parseTaskFile(text: string | Uint8Array, file: string): ParsedTaskFile {
  return parseSchemaFile(
    text,
    file,
    TaskFileSchema,
    'a task file must hold one mapping (id, revision, ...)',
  );
}
