import { z } from 'zod';
import { compileUserPattern } from '../core/index.js';

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
      (text) => text.trim().length >= MIN_FORBIDDEN_LENGTH,
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
    .refine(
      (path) => {
        const id = path.split('/')[1]!;
        return id === '*' || !id.includes('*');
      },
      'the id is either one record id or * (every record of the collection), not a glob',
    ),
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
