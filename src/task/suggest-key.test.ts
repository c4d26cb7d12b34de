import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TaskFileSchema } from '../schema/index.js';
import { editDistance, keysAt, suggestKey } from './suggest-key.js';

const Schema = z.strictObject({
  id: z.string(),
  user: z.strictObject({
    instruction: z.string(),
    script: z.array(z.strictObject({ when: z.string(), say: z.string() })).default([]),
  }),
  expect: z
    .strictObject({ changes: z.array(z.unknown()), communicate: z.array(z.string()) })
    .optional(),
  steps: z.array(
    z.union([z.strictObject({ tool: z.string() }), z.strictObject({ say: z.string() })]),
  ),
});

describe('suggestKey', () => {
  it('finds a key moved out of its block (one level down from where it stands)', () => {
    expect(suggestKey(Schema, [], 'communicate')).toEqual(['expect', 'communicate']);
    expect(suggestKey(Schema, [], 'instruction')).toEqual(['user', 'instruction']);
  });

  it('finds a key indented into a block it does not belong to (one level up)', () => {
    expect(suggestKey(Schema, ['expect'], 'id')).toEqual(['id']);
    // Past list indices: a key in a script rule that belongs to the user.
    expect(suggestKey(Schema, ['user', 'script', 0], 'instruction')).toEqual([
      'user',
      'instruction',
    ]);
  });

  it('finds a key in a sibling block', () => {
    expect(suggestKey(Schema, ['expect'], 'instruction')).toEqual(['user', 'instruction']);
  });

  it('finds a close spelling at the same level', () => {
    expect(suggestKey(Schema, [], 'expct')).toEqual(['expect']);
    expect(suggestKey(Schema, ['user'], 'scirpt')).toEqual(['user', 'script']);
    expect(suggestKey(Schema, ['user', 'script', 2], 'whn')).toEqual(['user', 'script', 2, 'when']);
  });

  it('knows the keys of every alternative of a union', () => {
    expect(keysAt(Schema, ['steps', 0])).toEqual(new Set(['tool', 'say']));
    expect(suggestKey(Schema, ['steps', 0], 'tol')).toEqual(['steps', 0, 'tool']);
  });

  it('suggests nothing for a key close to nothing known', () => {
    expect(suggestKey(Schema, [], 'banana')).toBeUndefined();
    // Two edits are too many for a short key: `id` is not `at`.
    expect(suggestKey(Schema, [], 'at')).toBeUndefined();
  });

  it('walks the task file schema itself', () => {
    expect(keysAt(TaskFileSchema, [])).toContain('expect');
    expect(suggestKey(TaskFileSchema, [], 'communicate')).toEqual(['expect', 'communicate']);
  });
});

describe('editDistance', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(editDistance('expct', 'expect')).toBe(1);
    expect(editDistance('scirpt', 'script')).toBe(2);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });
});
