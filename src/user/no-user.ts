import type { JsonValue } from '../core/index.js';
import type { ScriptRule, UserSpec } from '../schema/index.js';
import type { UserFactory, UserReply, UserSimulator } from './user-simulator.js';

/** What every message to the user gets in a no-user trial: no one answers, nothing is agreed. */
export const NO_USER_REPLY =
  'No one is here to answer. Everything the user can tell you is in the first message: work with that.';

/** The standing consent a no-user opening ends with (docs/task-format.md, Diagnosis modes). */
export const STANDING_CONSENT =
  'You have my consent, given now, to carry out the actions this request needs: no one will be here to confirm them, so do not wait for a confirmation.';

/**
 * A `when` pattern as words: the top-level alternatives, without the
 * anchors and word boundaries that only serve the matcher.
 */
function patternWords(pattern: string): string {
  const cleaned = pattern
    .replace(/\(\^\|\\W\)|\(\\W\|\$\)/g, '')
    .replace(/\\b/g, '')
    .replace(/^\^|\$$/g, '');
  const alternatives: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of cleaned) {
    if (char === '(') depth++;
    if (char === ')') depth--;
    if (char === '|' && depth === 0) {
      alternatives.push(current);
      current = '';
    } else current += char;
  }
  alternatives.push(current);
  return alternatives
    .map((alternative) => alternative.trim())
    .filter((alternative) => alternative !== '')
    .map((alternative) => `"${alternative}"`)
    .join(' or ');
}

function ruleLine(rule: ScriptRule): string {
  const answer =
    'say' in rule && rule.say !== undefined
      ? rule.say
      : 'user_tool' in rule
        ? `(I would use ${rule.user_tool.tool} on my side.)`
        : '(I would end the conversation here.)';
  return `- If you ask about ${patternWords(rule.when)}: ${answer}`;
}

const valueText = (value: JsonValue): string =>
  typeof value === 'string' ? value : JSON.stringify(value);

/**
 * The whole of what the user would reveal, as one first message: the
 * instruction, the scenario's goal and facts, every script reply as "if
 * you ask about …: …", the default reply, and a standing consent. By
 * design it shows the hidden goal; it never holds the expected outcome,
 * the reference path or known-bad paths, which are not in the user spec.
 *
 * @example noUserOpening({ instruction: 'Refund order 8842.', script: [], stop_when: null })
 */
export function noUserOpening(spec: UserSpec): string {
  const facts: string[] = [];
  const { scenario } = spec;
  if (scenario !== undefined) {
    facts.push(`- My goal: ${scenario.hidden_goal}`);
    for (const [key, value] of Object.entries(scenario.knows ?? {})) {
      facts.push(`- ${key}: ${valueText(value)}`);
    }
  }
  facts.push(...spec.script.map(ruleLine));
  if (spec.default !== undefined) facts.push(`- Anything else you ask: ${spec.default}`);
  const parts = [spec.instruction.trim()];
  if (facts.length > 0) {
    parts.push(
      `Everything else I can tell you, up front, since no one will answer your messages:\n${facts.join('\n')}`,
    );
  }
  parts.push(STANDING_CONSENT);
  return parts.join('\n\n');
}

/**
 * The user of a no-user trial: opens with {@link noUserOpening} and answers
 * every message with {@link NO_USER_REPLY} (never a stop, so an agent that
 * still asks goes on with what it was told).
 */
export function createNoUser(spec: UserSpec): UserSimulator {
  const reply: UserReply = { type: 'reply', text: NO_USER_REPLY, source: 'default' };
  return {
    kind: 'none',
    open: () => Promise.resolve(noUserOpening(spec)),
    reply: () => Promise.resolve(reply),
  };
}

/** Every task's no-user stand-in. */
export const noUsers: UserFactory = ({ spec }) => createNoUser(spec);
