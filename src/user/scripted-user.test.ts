import { describe, expect, it } from 'vitest';
import { UserSpecSchema } from '../schema/index.js';
import { createScriptedUser } from './scripted-user.js';

const user = createScriptedUser(
  UserSpecSchema.parse({
    instruction: 'Refund my order please.',
    script: [
      { when: 'order (id|number)', say: '8842' },
      { when: 'anything else', stop: true },
      { when: 'proceed|confirm', say: 'Yes, go ahead.' },
    ],
    default: 'Thanks.',
  }),
);

describe('createScriptedUser', () => {
  it('answers with the first matching rule, case-insensitively', async () => {
    await expect(user.reply('What is your Order Number? Shall I proceed?')).resolves.toEqual({
      type: 'reply',
      text: '8842',
      source: 'script',
    });
  });

  it('stops on a stop rule and falls back to the default', async () => {
    await expect(user.reply('Anything else?')).resolves.toEqual({ type: 'stop' });
    await expect(user.reply('Hello')).resolves.toEqual({
      type: 'reply',
      text: 'Thanks.',
      source: 'default',
    });
  });

  it('stops when nothing matches and there is no default', async () => {
    const terse = createScriptedUser(UserSpecSchema.parse({ instruction: 'Hi', script: [] }));
    await expect(terse.reply('How can I help?')).resolves.toEqual({ type: 'stop' });
  });

  it('leaves once the agent reports the task done, unless a rule answers first', async () => {
    const user = createScriptedUser(
      UserSpecSchema.parse({
        instruction: 'Hi',
        script: [{ when: 'proceed', say: 'Yes.' }],
        default: 'Thanks.',
      }),
    );
    await expect(user.reply('Done: your refund is on its way.')).resolves.toEqual({ type: 'stop' });
    await expect(user.reply('Is there anything else I can help with?')).resolves.toEqual({
      type: 'stop',
    });
    await expect(user.reply('Nearly done. Shall I proceed?')).resolves.toMatchObject({
      text: 'Yes.',
    });
    await expect(user.reply('The order was abandoned last week.')).resolves.toMatchObject({
      text: 'Thanks.',
    });
    const patient = createScriptedUser(
      UserSpecSchema.parse({ instruction: 'Hi', stop_when: null, default: 'Go on.' }),
    );
    await expect(patient.reply('Done.')).resolves.toMatchObject({ text: 'Go on.' });
  });
});

describe('createScriptedUser patterns', () => {
  it('answers a backtracking `when:` pattern on a 28-character message at once', async () => {
    const user = createScriptedUser(
      UserSpecSchema.parse({
        instruction: 'Hi',
        script: [{ when: '(a+)+$', say: 'matched' }],
        default: 'no match',
        stop_when: '(b|bb)+c',
      }),
    );
    await expect(user.reply(`${'a'.repeat(28)}!`)).resolves.toEqual({
      type: 'reply',
      text: 'no match',
      source: 'default',
    });
  });

  it('refuses a pattern with a backreference, naming the field', () => {
    expect(() =>
      createScriptedUser(
        UserSpecSchema.parse({
          instruction: 'Hi',
          script: [{ when: String.raw`(a)\1`, stop: true }],
        }),
      ),
    ).toThrow(/user\.script\[0\]\.when "\(a\)\\\\1" is not a supported regular expression/);
  });
});

describe('createScriptedUser help', () => {
  const helper = createScriptedUser(
    UserSpecSchema.parse({
      instruction: 'Refund my order please.',
      script: [
        { when: 'which order', say: 'It is 8842.', assist: 'hint' },
        { when: 'eligib', take_over: { tool: 'check_eligibility', args: { order_id: '8842' } } },
        {
          when: 'refund it yourself',
          take_over: { tool: 'process_refund' },
          say: 'Done it myself.',
        },
      ],
    }),
  );

  it('marks a hint reply with the rule that gave it', async () => {
    await expect(helper.reply('Which order is it?')).resolves.toEqual({
      type: 'reply',
      text: 'It is 8842.',
      source: 'script',
      assist: { type: 'hint', source: 'user.script[0]' },
    });
  });

  it('answers a take-over rule with the call to make and what to say after it', async () => {
    await expect(helper.reply('Can you check the eligibility?')).resolves.toEqual({
      type: 'take_over',
      tool: 'check_eligibility',
      args: { order_id: '8842' },
      say: undefined,
      source: 'user.script[1]',
    });
    await expect(helper.reply('Please refund it yourself.')).resolves.toMatchObject({
      type: 'take_over',
      tool: 'process_refund',
      args: {},
      say: 'Done it myself.',
      source: 'user.script[2]',
    });
  });
});
