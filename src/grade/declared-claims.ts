import type { RE2JS } from 're2js';
import { loadRe2js } from '../core/index.js';
import type { JsonValue } from '../core/index.js';
import { parsePlaceholder } from '../schema/index.js';
import type { Change, Check, DeclaredClaim } from '../schema/index.js';
import type { StateDiff, StateSnapshot } from '../state/index.js';
import { splitSentences } from './extract-claims.js';
import { gradeOutcome } from './outcome.js';

/**
 * Declared claims (`claims.verify`): a sentence template with placeholders,
 * matched in the final answer; the values it binds fill in a change check
 * that must hold. "refund of {amount} for order {order}" said as "a refund
 * of $42.99 for order 8842" binds amount = "$42.99", order = "8842".
 */

/** What one placeholder matches: one token such as 8842, #W1234567, R7K2, $42.99 or $2,900. */
const TOKEN = String.raw`([#$€£]?[A-Za-z0-9](?:[A-Za-z0-9_.,-]*[A-Za-z0-9])?)`;
const PLACEHOLDER = /\{([^{}]*)\}/g;

/** The template as an RE2 pattern (linear time) and its placeholder names in order. */
export function compileTemplate(says: string): { pattern: RE2JS; names: string[] } {
  const engine = loadRe2js();
  const names: string[] = [];
  let source = '';
  let last = 0;
  const literal = (text: string) =>
    text
      .split(/\s+/)
      .map((word) => (word === '' ? '' : engine.quote(word)))
      .join(String.raw`\s+`);
  for (const match of says.matchAll(PLACEHOLDER)) {
    source += literal(says.slice(last, match.index));
    source += TOKEN;
    names.push(match[1]!.trim());
    last = match.index + match[0].length;
  }
  source += literal(says.slice(last));
  return { pattern: engine.compile(source, engine.CASE_INSENSITIVE), names };
}

export interface TemplateMatch {
  readonly sentence: string;
  readonly bindings: Readonly<Record<string, string>>;
}

/** Every place the template matches in the text's sentences, questions left out. */
export function matchTemplate(says: string, text: string): TemplateMatch[] {
  const { pattern, names } = compileTemplate(says);
  const matches: TemplateMatch[] = [];
  for (const sentence of splitSentences(text)) {
    if (sentence.isQuestion) continue;
    const matcher = pattern.matcher(sentence.text);
    while (matcher.find()) {
      const bindings: Record<string, string> = {};
      names.forEach((name, index) => {
        bindings[name] = matcher.group(index + 1) ?? '';
      });
      matches.push({ sentence: sentence.text, bindings });
    }
  }
  return matches;
}

/** A bound token as a number: currency signs and thousands separators dropped. */
export function tokenNumber(token: string): number {
  const plain = token.replace(/^[#$€£]/, '').replaceAll(',', '');
  return /^-?\d+(\.\d+)?$/.test(plain) ? Number(plain) : NaN;
}

/** The value a placeholder stands for, converted as it asks. */
function boundValue(inner: string, bindings: Readonly<Record<string, string>>): string | number {
  const { name, conversion } = parsePlaceholder(inner);
  const token = bindings[name] ?? '';
  if (conversion === 'text') return token;
  const number = tokenNumber(token);
  if (!Number.isFinite(number)) {
    throw new TypeError(`{${name}} is "${token}", not a number`);
  }
  return conversion === 'cents' ? Math.round(number * 100) : number;
}

function fill(value: JsonValue, bindings: Readonly<Record<string, string>>): JsonValue {
  if (typeof value === 'string') {
    const whole = /^\{([^{}]*)\}$/.exec(value);
    if (whole !== null) return boundValue(whole[1]!, bindings);
    return value.replace(PLACEHOLDER, (_text, inner: string) =>
      String(boundValue(inner, bindings)),
    );
  }
  if (Array.isArray(value)) return value.map((item) => fill(item, bindings));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, fill(item, bindings)]),
    );
  }
  return value;
}

/** The change check with the bound values filled in; throws a TypeError when a value does not convert. */
export function bindChange(change: Change, bindings: Readonly<Record<string, string>>): Change {
  return fill(change as JsonValue, bindings) as Change;
}

export interface DeclaredClaimsInput {
  readonly verify: readonly DeclaredClaim[];
  readonly finalAnswer: string | null;
  readonly s0: StateSnapshot;
  readonly diff: StateDiff;
}

/** One check per declared claim: it holds when every place the final answer makes it, its check holds. */
export function checkDeclaredClaims({
  verify,
  finalAnswer,
  s0,
  diff,
}: DeclaredClaimsInput): Check[] {
  return verify.map((claim, index) => {
    const id = `claims.verify[${index}]`;
    const matches = finalAnswer === null ? [] : matchTemplate(claim.says, finalAnswer);
    if (matches.length === 0) {
      return {
        id,
        kind: 'claim',
        pass: true,
        message: `the final answer does not say "${claim.says}"`,
        evidence: { says: claim.says, matches: [] },
      };
    }
    const results = matches.map((match) => {
      let change: Change;
      try {
        change = bindChange(claim.requires, match.bindings);
      } catch (error) {
        return { match, pass: false, message: (error as Error).message, evidence: null };
      }
      const [check] = gradeOutcome({
        expect: {
          changes: [change],
          unchanged: 'ignore',
          incidental: [],
          assert: [],
          communicate: [],
          communicate_match: 'token',
        },
        s0,
        diff,
      }).checks;
      return {
        match,
        pass: check!.pass,
        message: check!.message,
        evidence: { requires: change as JsonValue, found: check!.evidence },
      };
    });
    const failed = results.filter((result) => !result.pass);
    return {
      id,
      kind: 'claim',
      pass: failed.length === 0,
      message:
        failed.length === 0
          ? `"${claim.says}" is said and the state bears it out`
          : failed.map((result) => `"${result.match.sentence}": ${result.message}`).join('; '),
      evidence: {
        says: claim.says,
        matches: results.map((result) => ({
          sentence: result.match.sentence,
          bindings: result.match.bindings,
          pass: result.pass,
          check: result.evidence,
        })),
      },
    };
  });
}
