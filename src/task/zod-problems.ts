import type { z } from 'zod';
import type { Problem } from '../core/index.js';
import { suggestKey } from './suggest-key.js';
import type { YamlSource } from './yaml-source.js';

type Issue = z.core.$ZodIssue;

/**
 * Turns schema issues into problems that name the file, line and field.
 * Given the schema, an unknown field says which known one it most likely
 * meant (`did you mean \`expect.communicate\`?`).
 */
export function zodProblems(
  issues: readonly Issue[],
  source: YamlSource,
  schema?: z.core.$ZodType,
): Problem[] {
  return issues
    .flatMap((issue) => flatten(issue, [], source.value, schema))
    .map((flat) => {
      const position = source.locate(flat.path);
      return {
        file: source.file,
        ...(position !== undefined ? { line: position.line, column: position.column } : {}),
        path: formatPath(flat.path),
        message: flat.message,
      };
    });
}

export function formatPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else text += text === '' ? String(key) : `.${String(key)}`;
  }
  return text;
}

interface FlatIssue {
  path: PropertyKey[];
  message: string;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function flatten(
  issue: Issue,
  base: PropertyKey[],
  root: unknown,
  schema: z.core.$ZodType | undefined,
): FlatIssue[] {
  const path = [...base, ...issue.path];
  if (
    (issue.code === 'invalid_type' || issue.code === 'invalid_union') &&
    valueAt(root, path) === undefined
  ) {
    // A schema's own message says what to write; zod's default ("Invalid input: ...") says less.
    const own = !issue.message.startsWith('Invalid input');
    return [{ path, message: own ? `is required: ${issue.message}` : 'is required' }];
  }
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    // Report the alternative the author most likely meant: the one with the fewest problems.
    const best = [...issue.errors].sort((a, b) => score(a) - score(b))[0] ?? [];
    return best.flatMap((inner) => flatten(inner, path, root, schema));
  }
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => {
      const meant = schema === undefined ? undefined : suggestKey(schema, path, key);
      const hint = meant === undefined ? '' : `: did you mean \`${formatPath(meant)}\`?`;
      return { path: [...path, key], message: `unknown field "${key}"${hint}` };
    });
  }
  return [{ path, message: issue.message }];
}

function score(issues: readonly Issue[]): number {
  return issues.reduce(
    (total, issue) => total + (issue.code === 'unrecognized_keys' ? issue.keys.length : 1),
    0,
  );
}
