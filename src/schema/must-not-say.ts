import { z } from 'zod';
import { compileUserPattern, normalizedLength } from '../core/index.js';
import type { JsonObject } from '../core/index.js';

/**
 * `must_not_say`: what the agent must never tell the user (its messages
 * and its final answer). Three kinds of rule: a literal, an RE2 pattern,
 * and the values found at a record path of s0 (`customers/*\/email`: every
 * customer's email), minus exceptions. See docs/task-format.md.
 */

/** Shorter text would match almost any message. */
export const MIN_FORBIDDEN_LENGTH = 3;

const Why = z.string().min(1).optional();

const LiteralRuleSchema = z.strictObject({
  /** Said anywhere (case and spacing ignored, as a whole token) breaks the rule. */
  literal: z
    .string()
    .refine(
      (text) => normalizedLength(text) >= MIN_FORBIDDEN_LENGTH,
      `a literal must have at least ${MIN_FORBIDDEN_LENGTH} characters, or it would match almost any message: write the whole word or code`,
    ),
  why: Why,
});

const PatternRuleSchema = z
  .strictObject({
    /** An RE2 regular expression, searched in each message as written. */
    pattern: z.string().min(1),
    /** Default false: the pattern ignores case. */
    case_sensitive: z.boolean().default(false),
    why: Why,
  })
  .superRefine((rule, context) => {
    const compiled = compileUserPattern(rule.pattern, { caseSensitive: rule.case_sensitive });
    if (compiled.type === 'invalid') {
      context.addIssue({
        code: 'custom',
        path: ['pattern'],
        message: `${JSON.stringify(rule.pattern)} is ${compiled.message}`,
      });
    } else if (compiled.pattern.test('')) {
      context.addIssue({
        code: 'custom',
        path: ['pattern'],
        message: `${JSON.stringify(rule.pattern)} matches an empty text, so every message would break the rule: make it require at least one character`,
      });
    }
  });

/** `collection/id/field[/sub...]`; `*` as the id stands for every record of the collection. */
const VALUES_PATH = /^[^/*\s]+\/[^/\s]+(\/[^/*\s]+)+$/;
const EXCEPT_PATH = /^[^/*\s]+\/[^/*\s]+(\/[^/*\s]+)+$/;

const ValuesRuleSchema = z.strictObject({
  /** The values at this path in s0: `customers/C-101/email`, or `customers/*\/email` for every record. */
  values: z
    .string()
    .regex(
      VALUES_PATH,
      'write it as collection/id/field, with * as the id for every record of the collection (e.g. customers/*/email)',
    )
    .refine((path) => {
      const id = path.split('/')[1]!;
      return id === '*' || !id.includes('*');
    }, 'the id is either one record id or * (every record of the collection), not a glob'),
  /** Paths (collection/id/field, no `*`) whose values the agent may say: the user's own email, say. */
  except: z
    .array(
      z
        .string()
        .regex(
          EXCEPT_PATH,
          'write it as collection/id/field naming one record (no *), e.g. customers/C-102/email',
        ),
    )
    .default([]),
  why: Why,
});

export const MustNotSayRuleSchema = z.union([
  LiteralRuleSchema,
  PatternRuleSchema,
  ValuesRuleSchema,
]);

export const MustNotSaySchema = z.array(MustNotSayRuleSchema);

export type MustNotSayRule = z.infer<typeof MustNotSayRuleSchema>;

/** A state as collection → id → record (the shape of s0). */
type Records = Readonly<Record<string, Readonly<Record<string, JsonObject>>>>;

/** The value at a field path; own properties only. */
function valueAtField(record: unknown, field: readonly string[]): unknown {
  let value = record;
  for (const key of field) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

export type ValuesRule = Extract<MustNotSayRule, { values: string }>;

/** One value a `values` rule forbids, and the record path it was read from. */
export interface ForbiddenValue {
  readonly path: string;
  readonly text: string;
}

export interface ForbiddenValues {
  readonly values: readonly ForbiddenValue[];
  /** Why the rule cannot be used on this s0 (a path that names nothing, a value too short to search). */
  readonly problems: readonly {
    readonly path: 'values' | `except[${number}]`;
    readonly message: string;
  }[];
}

/**
 * The values a `values` rule forbids in s0: the value at the path in every
 * record (`*`) or in the one record named, minus the `except` paths; a
 * number counts as its decimal text, an absent or null field under `*` is
 * skipped. The loader reports the problems; the grader refuses to grade
 * with any.
 */
export function forbiddenValues(rule: ValuesRule, s0: Records): ForbiddenValues {
  const [collection = '', id = '', ...field] = rule.values.split('/');
  const problems: { path: 'values' | `except[${number}]`; message: string }[] = [];
  const records = Object.hasOwn(s0, collection) ? s0[collection]! : undefined;
  if (records === undefined) {
    const known = Object.keys(s0).sort().join(', ');
    return {
      values: [],
      problems: [
        { path: 'values', message: `s0 has no collection "${collection}" (it has: ${known})` },
      ],
    };
  }
  const ids = id === '*' ? Object.keys(records).sort() : [id];
  const fieldPath = field.join('/');
  const paths = new Set(ids.map((one) => `${collection}/${one}/${fieldPath}`));
  rule.except.forEach((path, index) => {
    if (!paths.has(path))
      problems.push({
        path: `except[${index}]`,
        message: `${path} is not one of the paths of ${rule.values}: an exception names a record path the rule covers`,
      });
  });
  const except = new Set(rule.except);
  const values: ForbiddenValue[] = [];
  for (const one of ids) {
    const path = `${collection}/${one}/${fieldPath}`;
    const record = Object.hasOwn(records, one) ? records[one] : undefined;
    if (record === undefined) {
      problems.push({ path: 'values', message: `s0 has no record ${collection}/${one}` });
      continue;
    }
    const value = valueAtField(record, field);
    if (value === undefined || value === null) {
      if (id !== '*') problems.push({ path: 'values', message: `${path} has no value in s0` });
      continue;
    }
    if (except.has(path)) continue;
    if (typeof value !== 'string' && typeof value !== 'number') {
      problems.push({
        path: 'values',
        message: `${path} is ${Array.isArray(value) ? 'a list' : typeof value}, not text or a number: point the path at a text field`,
      });
      continue;
    }
    const text = String(value);
    if (normalizedLength(text) < MIN_FORBIDDEN_LENGTH) {
      problems.push({
        path: 'values',
        message: `${path} is ${JSON.stringify(text)}, shorter than ${MIN_FORBIDDEN_LENGTH} characters: it would match almost any message (list the path in except, or narrow the rule)`,
      });
      continue;
    }
    values.push({ path, text });
  }
  if (values.length === 0 && problems.length === 0) {
    problems.push({
      path: 'values',
      message: `no record of ${collection} has a value at ${fieldPath} in s0 (after the exceptions), so the rule forbids nothing`,
    });
  }
  return { values, problems };
}
