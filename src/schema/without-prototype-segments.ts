import type { z } from 'zod';
import { isPrototypeKey, prototypeKeyMessage } from '../core/index.js';

/**
 * A path-like string (a record path, an injection's dot path, a glob)
 * whose segments, split at `separator`, may not name a prototype
 * (`__proto__`, `constructor`, `prototype`).
 */
export function withoutPrototypeSegments<T extends z.ZodType<string>>(
  schema: T,
  separator: string,
): T {
  return schema.superRefine((path, context) => {
    const segment = path.split(separator).find(isPrototypeKey);
    if (segment !== undefined)
      context.addIssue({ code: 'custom', message: prototypeKeyMessage(segment) });
  });
}
