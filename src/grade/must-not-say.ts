import {
  compileUserPattern,
  excerptAround,
  forbiddenTextFinder,
  normalizeWithOrigin,
} from '../core/index.js';
import type { NormalizedText, TextSpan } from '../core/index.js';
import { forbiddenValues } from '../schema/index.js';
import type { Check, GraderOutput, MustNotSayRule, TrialEvent } from '../schema/index.js';
import type { StateSnapshot } from '../state/index.js';
import { GraderError } from './grader-error.js';

/** A message the agent sent the user, and its place in the trajectory (null: a final answer not in the events). */
interface ToldMessage {
  readonly eventIndex: number | null;
  readonly normalized: NormalizedText;
}

/** What the agent told the user: its messages, the final answer among them. */
function toldMessages(events: readonly TrialEvent[], finalAnswer: string | null): ToldMessage[] {
  const messages: ToldMessage[] = [];
  let finalSeen = false;
  events.forEach((event, index) => {
    if (event.kind !== 'agent') return;
    if (event.final) finalSeen = true;
    messages.push({ eventIndex: index, normalized: normalizeWithOrigin(event.text) });
  });
  if (finalAnswer !== null && !finalSeen)
    messages.push({ eventIndex: null, normalized: normalizeWithOrigin(finalAnswer) });
  return messages;
}

/** Where a rule matched in one message. */
export type MustNotSayHit = {
  readonly rule: string;
  readonly event_index: number | null;
  readonly excerpt: string;
  /** For a `values` rule: the record path whose value was said. */
  readonly path?: string;
};

type Finder = (message: NormalizedText) => { span: TextSpan; path?: string } | undefined;

function finderOf(rule: MustNotSayRule, id: string, s0: StateSnapshot): Finder {
  if ('literal' in rule) {
    const find = forbiddenTextFinder(rule.literal);
    if (find === undefined) throw new GraderError(`${id}: the literal is empty`, { checkId: id });
    return (message) => {
      const span = find(message);
      return span === undefined ? undefined : { span };
    };
  }
  if ('pattern' in rule) {
    const compiled = compileUserPattern(rule.pattern, { caseSensitive: rule.case_sensitive });
    if (compiled.type === 'invalid')
      throw new GraderError(`${id}: ${rule.pattern} is ${compiled.message}`, { checkId: id });
    return ({ original }) => {
      const span = compiled.pattern.find(original);
      return span === undefined ? undefined : { span };
    };
  }
  const { values, problems } = forbiddenValues(rule, s0);
  if (problems.length > 0)
    throw new GraderError(`${id}.${problems[0]!.path}: ${problems[0]!.message}`, { checkId: id });
  const finders = values.map((value) => ({
    path: value.path,
    find: forbiddenTextFinder(value.text)!,
  }));
  return (message) => {
    let first: { span: TextSpan; path: string } | undefined;
    for (const { path, find } of finders) {
      const span = find(message);
      if (span !== undefined && (first === undefined || span.start < first.span.start))
        first = { span, path };
    }
    return first;
  };
}

function describeRule(rule: MustNotSayRule): string {
  if ('literal' in rule) return JSON.stringify(rule.literal);
  if ('pattern' in rule) return `/${rule.pattern}/`;
  return `a value of ${rule.values}`;
}

export interface MustNotSayInput {
  readonly rules: readonly MustNotSayRule[];
  readonly s0: StateSnapshot;
  readonly events: readonly TrialEvent[];
  readonly finalAnswer: string | null;
}

/** Hits kept in the grader's evidence; each check keeps its first. */
const MAX_HITS = 20;

/**
 * Nothing the agent told the user (its messages, the final answer) says
 * what a `must_not_say` rule forbids. One check per rule, `must_not_say[i]`;
 * a failed check's evidence is the first message that said it, by event
 * index, with a short excerpt around the match.
 */
export function gradeMustNotSay({ rules, s0, events, finalAnswer }: MustNotSayInput): GraderOutput {
  const messages = toldMessages(events, finalAnswer);
  const hits: MustNotSayHit[] = [];
  const checks: Check[] = rules.map((rule, index) => {
    const id = `must_not_say[${index}]`;
    const find = finderOf(rule, id, s0);
    const found: MustNotSayHit[] = [];
    for (const message of messages) {
      const hit = find(message.normalized);
      if (hit === undefined) continue;
      found.push({
        rule: id,
        event_index: message.eventIndex,
        excerpt: excerptAround(message.normalized.original, hit.span),
        ...(hit.path === undefined ? {} : { path: hit.path }),
      });
    }
    hits.push(...found.slice(0, MAX_HITS - hits.length));
    const first = found[0];
    const why = rule.why === undefined ? '' : ` (${rule.why})`;
    return {
      id,
      kind: 'must_not_say',
      pass: first === undefined,
      message:
        first === undefined
          ? `${describeRule(rule)}${why} was never said to the user`
          : `${describeRule(rule)}${why} was said to the user${first.path === undefined ? '' : ` (${first.path})`} in ${found.length} message(s), first${first.event_index === null ? ' in the final answer' : ` at event ${first.event_index}`}: "${first.excerpt}"`,
      evidence:
        first === undefined ? { rule: id, messages: 0 } : { ...first, messages: found.length },
    };
  });
  return {
    pass: checks.every((check) => check.pass),
    checks,
    evidence: { messages_checked: messages.length, hits: [...hits] },
  };
}
