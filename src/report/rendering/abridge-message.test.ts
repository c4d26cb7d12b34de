import { describe, expect, it } from 'vitest';
import { abridgeMessage } from './abridge-message.js';

describe('abridgeMessage', () => {
  it("keeps a traceback's first and last lines on one line", () => {
    const message = [
      'agent error: the program exited with exit code 1 before sending a final message; its stderr ends with:',
      'Traceback (most recent call last):',
      '  File "agent.py", line 3, in <module>',
      "KeyError: 'order_id'",
      '',
    ].join('\n');
    expect(abridgeMessage(message, 400)).toBe(
      "agent error: the program exited with exit code 1 before sending a final message; its stderr ends with: … KeyError: 'order_id'",
    );
  });

  it('cuts a long line in the middle, keeping what it quotes at the end', () => {
    const line = `agent error: line 3 is not JSON. ${'Each line must be one message. '.repeat(5)}Line 3: Hello there`;
    expect(abridgeMessage(line, 60)).toBe(
      'agent error: line 3 is not JSON. Ea … e. Line 3: Hello there',
    );
    expect(abridgeMessage(line, 60).length).toBeLessThanOrEqual(60);
  });

  it('leaves a short line alone and says when there is no message', () => {
    expect(abridgeMessage('short', 10)).toBe('short');
    expect(abridgeMessage(null)).toBe('(no message recorded)');
  });
});
