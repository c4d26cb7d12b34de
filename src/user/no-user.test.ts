import { describe, expect, it } from 'vitest';
import { UserSpecSchema } from '../schema/index.js';
import { NO_USER_REPLY, STANDING_CONSENT, createNoUser, noUserOpening } from './no-user.js';

describe('noUserOpening', () => {
  it('puts the whole user spec in one message: goal, facts, each reply as words, the default, consent', () => {
    const spec = UserSpecSchema.parse({
      instruction: 'Hi, it is Hana. My blender broke.',
      scenario: {
        persona: 'terse',
        hidden_goal: 'A refund of order 8901 only.',
        knows: { email: 'hana.kim@example.com', orders: [8901] },
      },
      script: [
        { when: String.raw`shall i|go ahead|\bok(ay)? to\b`, say: 'Yes, please.' },
        { when: '(^|\\W)(order (id|number))(\\W|$)', say: 'It is 8901.' },
        { when: 'other order', stop: true },
      ],
      default: 'I just want my money back.',
    });
    expect(noUserOpening(spec)).toBe(
      [
        'Hi, it is Hana. My blender broke.',
        [
          'Everything else I can tell you, up front, since no one will answer your messages:',
          '- My goal: A refund of order 8901 only.',
          '- email: hana.kim@example.com',
          '- orders: [8901]',
          '- If you ask about "shall i" or "go ahead" or "ok(ay)? to": Yes, please.',
          '- If you ask about "(order (id|number))": It is 8901.',
          '- If you ask about "other order": (I would end the conversation here.)',
          '- Anything else you ask: I just want my money back.',
        ].join('\n'),
        STANDING_CONSENT,
      ].join('\n\n'),
    );
  });

  it('is the instruction and the consent when the user has nothing more to say', () => {
    const spec = UserSpecSchema.parse({ instruction: 'Refund order 8842.' });
    expect(noUserOpening(spec)).toBe(`Refund order 8842.\n\n${STANDING_CONSENT}`);
  });

  it('answers every message with the same fixed reply, never a stop and never a yes', async () => {
    const user = createNoUser(UserSpecSchema.parse({ instruction: 'Refund order 8842.' }));
    expect(user.kind).toBe('none');
    for (const message of ['Shall I proceed?', 'Done, anything else?']) {
      expect(await user.reply(message)).toEqual({
        type: 'reply',
        text: NO_USER_REPLY,
        source: 'default',
      });
    }
    const { isAffirmative } = await import('../grade/consent.js');
    expect(isAffirmative(NO_USER_REPLY)).toBe(false);
  });
});
