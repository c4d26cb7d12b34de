import { describe, expect, it } from 'vitest';
import { LimitsSchema, TaskFileSchema } from './task.js';

describe('limits.tool_timeout_s', () => {
  const task = {
    id: 't',
    revision: 1,
    environment: 'shop',
    clock: '2026-10-05T09:00:00Z',
    user: { instruction: 'Hi' },
  };

  it('defaults to 30 s, with or without a limits block', () => {
    expect(TaskFileSchema.parse(task).limits.tool_timeout_s).toBe(30);
    expect(TaskFileSchema.parse({ ...task, limits: { max_steps: 5 } }).limits.tool_timeout_s).toBe(
      30,
    );
  });

  it('accepts a value in (0, 3600] and refuses the rest', () => {
    expect(LimitsSchema.parse({ tool_timeout_s: 0.5 }).tool_timeout_s).toBe(0.5);
    expect(LimitsSchema.parse({ tool_timeout_s: 3600 }).tool_timeout_s).toBe(3600);
    for (const bad of [0, -1, 3601, '30']) {
      expect(LimitsSchema.safeParse({ tool_timeout_s: bad }).success).toBe(false);
    }
  });
});
