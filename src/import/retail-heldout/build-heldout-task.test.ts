import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { JsonObject } from '../../core/index.js';
import { loadRetailData } from '../../domains/retail/index.js';
import type { RetailData } from '../../domains/retail/index.js';
import { buildHeldoutTask } from './build-heldout-task.js';
import { createHeldoutContext } from './create-heldout-context.js';

const suite = fileURLToPath(new URL('../../../examples/retail/', import.meta.url));
const taskFile = (id: string) =>
  parse(readFileSync(`${suite}tasks/${id}.yaml`, 'utf8')) as JsonObject;

let data: RetailData;
beforeAll(() => {
  data = loadRetailData(`${suite}data`);
});

const build = (id: string, reword?: (text: string) => string) =>
  buildHeldoutTask(
    taskFile(id),
    createHeldoutContext({
      data,
      seed: 7,
      tasks: [taskFile(id)],
      ...(reword !== undefined ? { reword } : {}),
    }),
  );

describe('buildHeldoutTask', () => {
  it('passes the user words, and only them, through the reword callback', async () => {
    const variant = await build('dev-000', (text) => `[reworded] ${text}`);
    expect(variant.ok).toBe(true);
    if (!variant.ok) return;
    const user = variant.file.user as { instruction: string; scenario: { hidden_goal: string } };
    expect(user.instruction).toBe('[reworded] Hi! I need some help with my orders.');
    expect(user.scenario.hidden_goal.startsWith('[reworded] Your name is ')).toBe(true);
    expect(JSON.stringify(variant.file.reference)).not.toContain('[reworded]');
  });

  it('maps a fact to communicate that a write produced (a gift card balance) to its new value', async () => {
    const variant = await build('test-021');
    expect(variant.ok).toBe(true);
    if (!variant.ok) return;
    const communicate = (variant.file.expect as { communicate: string[] }).communicate;
    expect(communicate).toHaveLength(1);
    expect(communicate[0]).toMatch(/^\d+\.\d\d$/);
    expect(communicate[0]).not.toBe('44.08');
    // The new balance is the one the renamed replay leaves: it is among the expected changes.
    expect(JSON.stringify((variant.file.expect as { changes: unknown }).changes)).toContain(
      `"to":${Number(communicate[0])}`,
    );
  });

  it('refuses a task whose fact to communicate is no amount of the data, naming it', async () => {
    expect(await build('test-019')).toEqual({
      ok: false,
      base: 'test-019',
      reason: 'expect.communicate[1] quotes 41.64, which no amount of the data maps',
    });
  });

  it('refuses a task whose reference path fails on the renamed data', async () => {
    expect(await build('test-058')).toEqual({
      ok: false,
      base: 'test-058',
      reason: 'reference call 6 fails on the renamed data',
    });
  });
});
