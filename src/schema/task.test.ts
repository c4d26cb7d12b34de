import { describe, expect, it } from 'vitest';
import { LimitsSchema, TaskFileSchema } from './task.js';
import { BOUNDS, MAX_TIMER_MS } from '../core/index.js';

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

describe('limits ranges', () => {
  it("refuses a timeout_s past Node's timer (3,000,000 s would fire after 1 ms), naming the range", () => {
    const result = LimitsSchema.safeParse({ timeout_s: 3_000_000 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['timeout_s'] });
    expect(result.error?.issues[0]?.message).toBe(
      "expected a number above 0 and at most 86400 s (one day; Node's timers cannot go past 24.8 days)",
    );
    expect(BOUNDS.timeoutS.max * 1000).toBeLessThanOrEqual(MAX_TIMER_MS);
  });

  it('holds every limits field to its documented range, at both ends', () => {
    const fields = {
      max_steps: BOUNDS.maxSteps,
      max_tokens: BOUNDS.maxTokens,
      timeout_s: BOUNDS.timeoutS,
      max_cost_usd: BOUNDS.maxCostUsd,
      max_message_bytes: BOUNDS.maxMessageBytes,
      max_tool_args_bytes: BOUNDS.maxToolArgsBytes,
      max_line_bytes: BOUNDS.maxLineBytes,
      max_events: BOUNDS.maxEvents,
      max_notes: BOUNDS.maxNotes,
      memory_mb: BOUNDS.memoryMb,
      max_processes: BOUNDS.maxProcesses,
      file_size_mb: BOUNDS.fileSizeMb,
      tmp_mb: BOUNDS.tmpMb,
      cpu_s: BOUNDS.cpuS,
    };
    for (const [field, range] of Object.entries(fields)) {
      const low = 'minExclusive' in range ? range.min + 0.5 : range.min;
      expect(LimitsSchema.safeParse({ [field]: low }).success, `${field}=${low}`).toBe(true);
      expect(LimitsSchema.safeParse({ [field]: range.max }).success, `${field}=max`).toBe(true);
      const below = 'minExclusive' in range ? range.min : range.min - 1;
      expect(LimitsSchema.safeParse({ [field]: below }).success, `${field}=${below}`).toBe(false);
      expect(LimitsSchema.safeParse({ [field]: range.max + 1 }).success, `${field}=max+1`).toBe(
        false,
      );
      expect(range.name).toBe(`limits.${field}`);
    }
  });

  it('defaults the size caps: 1 MiB a message and a tool call, 4 MiB a line, 10,000 events, 1,000 notes', () => {
    expect(LimitsSchema.parse({})).toMatchObject({
      max_message_bytes: 1_048_576,
      max_tool_args_bytes: 1_048_576,
      max_line_bytes: 4_194_304,
      max_events: 10_000,
      max_notes: 1000,
    });
  });
});

describe('weight and known_good', () => {
  const task = {
    id: 't',
    revision: 1,
    environment: 'shop',
    clock: '2026-10-05T09:00:00Z',
    user: { instruction: 'Hi' },
  };

  it('weighs a task 1 unless it says otherwise, within (0, 1000]', () => {
    expect(TaskFileSchema.parse(task).weight).toBe(1);
    expect(TaskFileSchema.parse({ ...task, weight: 2.5 }).weight).toBe(2.5);
    for (const bad of [0, -1, 1001, '2']) {
      expect(TaskFileSchema.safeParse({ ...task, weight: bad }).success).toBe(false);
    }
    const zero = TaskFileSchema.safeParse({ ...task, weight: 0 });
    expect(zero.error?.issues[0]?.message).toBe('weight must be above 0');
  });

  it('reads known_good paths like known_bad ones, without `fails`', () => {
    const good = { name: 'other-order', actions: [{ tool: 'a', args: {} }] };
    expect(TaskFileSchema.parse({ ...task, known_good: [good] }).known_good).toEqual([good]);
    expect(TaskFileSchema.parse(task).known_good).toEqual([]);
    expect(
      TaskFileSchema.safeParse({ ...task, known_good: [{ ...good, fails: 'x' }] }).success,
    ).toBe(false);
    expect(
      TaskFileSchema.safeParse({ ...task, known_good: [{ ...good, actions: [] }] }).success,
    ).toBe(false);
  });
});

describe('task id', () => {
  const task = {
    revision: 1,
    environment: 'shop',
    clock: '2026-10-05T09:00:00Z',
    user: { instruction: 'Hi' },
  };

  it('accepts a variant suffix after "~" and refuses "~" anywhere else', () => {
    for (const id of ['dev-000~heldout', 'a.b_c-1~rename-entities', 'x~a~b'])
      expect(TaskFileSchema.safeParse({ ...task, id }).success, id).toBe(true);
    for (const id of ['~heldout', 'dev-000~', 'dev~~x', 'dev 1~x'])
      expect(TaskFileSchema.safeParse({ ...task, id }).success, id).toBe(false);
  });
});
