import { EndstateError, compileUserPattern } from '../core/index.js';
import type { UserPattern } from '../core/index.js';
import type { UserSpec } from '../schema/index.js';
import type { ScriptRule } from '../schema/index.js';
import type { UserAnswer, UserFactory, UserSimulator } from './user-simulator.js';

/**
 * A user that answers by rule: the first `script` rule whose `when` pattern
 * (case-insensitive, RE2 syntax: linear time) matches the agent's message gives the reply (or
 * stops the conversation, takes over a tool call, or calls one of the user's own tools); else the user leaves if the agent reports the
 * task done (`stop_when`); else `default`, or a stop when there is none.
 */
export function createScriptedUser(spec: UserSpec): UserSimulator {
  const rules = spec.script.map((rule, index) => ({
    pattern: compile(rule.when, `user.script[${index}].when`),
    rule,
    source: `user.script[${index}]`,
  }));
  const done = spec.stop_when === null ? undefined : compile(spec.stop_when, 'user.stop_when');
  return {
    kind: 'scripted',
    open: () => Promise.resolve(spec.instruction),
    reply(agentMessage) {
      let reply: UserAnswer = { type: 'stop' };
      const match = rules.find(({ pattern }) => pattern.test(agentMessage));
      if (match !== undefined) {
        reply = answerOf(match.rule, match.source);
      } else if (done?.test(agentMessage) === true) {
        reply = { type: 'stop' };
      } else if (spec.default !== undefined) {
        reply = { type: 'reply', text: spec.default, source: 'default' };
      }
      return Promise.resolve(reply);
    },
  };
}

/** What a matching rule answers: a reply (marked when it is a hint), a take-over, a call of a user tool or a stop. */
function answerOf(rule: ScriptRule, source: string): UserAnswer {
  if ('take_over' in rule) {
    const { tool, args } = rule.take_over;
    return { type: 'take_over', tool, args, say: rule.say, source };
  }
  if ('user_tool' in rule) {
    const { tool, args } = rule.user_tool;
    return { type: 'user_tool', tool, args, say: rule.say, source };
  }
  if ('stop' in rule) return { type: 'stop' };
  return rule.assist === 'hint'
    ? { type: 'reply', text: rule.say, source: 'script', assist: { type: 'hint', source } }
    : { type: 'reply', text: rule.say, source: 'script' };
}

/** The default: every task's own script. */
export const scriptedUsers: UserFactory = ({ spec }) => createScriptedUser(spec);

/** Loading a task checks every pattern first: this only fires for a spec built in code. */
function compile(source: string, field: string): UserPattern {
  const compiled = compileUserPattern(source);
  if (compiled.type === 'pattern') return compiled.pattern;
  throw new EndstateError(
    'E_TASK_INVALID',
    `${field} ${JSON.stringify(source)} is ${compiled.message}`,
    {
      hint: 'Rewrite the pattern without backreferences or lookaround (RE2 syntax).',
    },
  );
}
