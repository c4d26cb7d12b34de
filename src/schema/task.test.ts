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
    expect(LimitsSchema.parse({ timeout_s: 7200, tool_timeout_s: 3600 }).tool_timeout_s).toBe(3600);
    for (const bad of [0, -1, 3601, '30']) {
      expect(LimitsSchema.safeParse({ tool_timeout_s: bad }).success).toBe(false);
    }
  });
});

describe('limits.tool_timeout_s against timeout_s', () => {
  it('must be below the trial timeout, so a hung tool is never the agent timing out', () => {
    const result = LimitsSchema.safeParse({ timeout_s: 20, tool_timeout_s: 20 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['tool_timeout_s'] });
    expect(result.error?.issues[0]?.message).toMatch(/must be below timeout_s \(20 s\)/);
    expect(LimitsSchema.parse({ timeout_s: 20, tool_timeout_s: 5 }).tool_timeout_s).toBe(5);
    // Not given: 30 s, or half the trial's timeout when that is less.
    expect(LimitsSchema.parse({ timeout_s: 20 }).tool_timeout_s).toBe(10);
    expect(LimitsSchema.parse({}).tool_timeout_s).toBe(30);
  });
});
