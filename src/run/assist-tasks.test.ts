import { describe, expect, it } from 'vitest';
import { buildTask, shopEnvironment, shopRefundTask } from '../testing/index.js';
import { assistTasks } from './assist-tasks.js';

const plain = buildTask(shopEnvironment, { ...shopRefundTask, id: 'plain' });
const hinted = buildTask(shopEnvironment, {
  ...shopRefundTask,
  id: 'hinted',
  user: { instruction: 'Hi', script: [{ when: 'order', say: '8842', assist: 'hint' }] },
});
const takenOver = buildTask(shopEnvironment, {
  ...shopRefundTask,
  id: 'taken-over',
  user: {
    instruction: 'Hi',
    script: [{ when: 'check', take_over: { tool: 'get_order', args: { order_id: '8842' } } }],
  },
});

describe('assistTasks', () => {
  it('names the tasks whose script gives a hint or takes over a step', () => {
    expect(
      assistTasks([plain, hinted, takenOver], { kind: 'scripted', prompt_version: '' }),
    ).toEqual(['hinted', 'taken-over']);
  });

  it('counts a scenario task when a model plays the users, since it may mark a hint', () => {
    // shopRefundTask has a scenario.
    expect(assistTasks([plain], { kind: 'llm', prompt_version: 'x' })).toEqual(['plain']);
    expect(assistTasks([plain], undefined)).toEqual([]);
  });
});
