import { z } from 'zod';
import { ChangeSchema } from './change.js';

/**
 * The `claims` section of a task file: which extractor finds the action
 * claims in what the agent told the user, and claims the task declares
 * with placeholders. See docs/task-format.md, Claims.
 */

/** `{order}`, `{amount|cents}`: a name, and in `requires` an optional conversion. */
const PLACEHOLDER = /\{([^{}]*)\}/g;
const PLACEHOLDER_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** How a bound value is written into a `requires` check. */
export const PLACEHOLDER_CONVERSIONS = ['text', 'number', 'cents'] as const;

/** The placeholders of a `says` template, in order. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1]!);
}

/** Splits `name|conversion`; the conversion defaults to `text`. */
export function parsePlaceholder(inner: string): { name: string; conversion: string } {
  const [name = '', conversion = 'text'] = inner.split('|').map((part) => part.trim());
  return { name, conversion };
}

/** Every string inside a JSON value (object keys left out), with its path. */
function stringsOf(value: unknown, path: (string | number)[]): [string, (string | number)[]][] {
  if (typeof value === 'string') return [[value, path]];
  if (Array.isArray(value))
    return value.flatMap((item, index) => stringsOf(item, [...path, index]));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => stringsOf(item, [...path, key]));
  }
  return [];
}

export const DeclaredClaimSchema = z
  .strictObject({
    /**
     * A sentence template matched in the final answer (case-insensitive,
     * any run of spaces for a space); each `{name}` binds one token such as
     * `8842`, `#W1234567`, `R7K2` or `$42.99`.
     */
    says: z.string().min(1),
    /** A change check (as in `expect.changes`) that must hold once the bound values are filled in. */
    requires: ChangeSchema,
  })
  .superRefine((claim, context) => {
    const names = placeholdersOf(claim.says);
    if (names.length === 0) {
      context.addIssue({
        code: 'custom',
        path: ['says'],
        message:
          'has no placeholder: write the values to bind in braces, e.g. "refunded {amount} for order {order}"',
      });
    }
    const seen = new Set<string>();
    for (const name of names) {
      if (!PLACEHOLDER_NAME.test(name)) {
        context.addIssue({
          code: 'custom',
          path: ['says'],
          message: `placeholder {${name}} is not a name: use letters, digits and _ (conversions such as |cents belong in requires)`,
        });
      } else if (seen.has(name)) {
        context.addIssue({
          code: 'custom',
          path: ['says'],
          message: `placeholder {${name}} appears twice: give each value its own name`,
        });
      }
      seen.add(name);
    }
    for (const [text, path] of stringsOf(claim.requires, ['requires'])) {
      for (const match of text.matchAll(PLACEHOLDER)) {
        const { name, conversion } = parsePlaceholder(match[1]!);
        if (!seen.has(name)) {
          context.addIssue({
            code: 'custom',
            path,
            message: `placeholder {${name}} is not bound by says "${claim.says}": use one of ${[...seen].map((n) => `{${n}}`).join(', ') || '(none)'}`,
          });
        } else if (!(PLACEHOLDER_CONVERSIONS as readonly string[]).includes(conversion)) {
          context.addIssue({
            code: 'custom',
            path,
            message: `placeholder {${match[1]}} has an unknown conversion "${conversion}": use ${PLACEHOLDER_CONVERSIONS.join(', ')}`,
          });
        }
      }
    }
  });

export const ClaimsSchema = z.strictObject({
  /**
   * How action claims are found in what the agent told the user:
   * `deterministic` (default) by the verb table, `judge` by the run's judge
   * model, `none` not at all (only `verify` is checked).
   */
  extract: z.enum(['deterministic', 'judge', 'none']).default('deterministic'),
  verify: z.array(DeclaredClaimSchema).default([]),
});
export type DeclaredClaim = z.infer<typeof DeclaredClaimSchema>;
