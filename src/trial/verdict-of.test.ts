import { describe, expect, it } from 'vitest';
import type { GradedTrial } from '../grade/index.js';
import type { Grade } from '../schema/index.js';
import { verdictOf } from './verdict-of.js';

const grade = (pass: boolean, extra: Partial<Grade> = {}): Grade => ({
  version: '1',
  role: 'gate',
  pass,
  score: null,
  checks: [],
  evidence: null,
  error: null,
  ...extra,
});

const passed: GradedTrial = { grades: { outcome: grade(true) }, success: true, failure: null };
const failed: GradedTrial = { grades: { outcome: grade(false) }, success: false, failure: null };

describe('verdictOf', () => {
  it('makes a finished trial whose grades pass a valid success', () => {
    expect(verdictOf({ exit: 'finished', graded: passed, error: null })).toEqual({
      fields: {
        terminal_reason: 'success',
        grades: passed.grades,
        success: true,
        partial_score: null,
        valid: true,
        error: null,
      },
      graderCostUsd: 0,
    });
  });

  it('makes a failed check an agent failure that stays in the denominator', () => {
    const { fields } = verdictOf({ exit: 'finished', graded: failed, error: null });
    expect(fields).toMatchObject({ terminal_reason: 'agent_failure', success: false, valid: true });
  });

  it('fails a trial that ran out of a budget even when its final state passes', () => {
    const { fields } = verdictOf({ exit: 'max_steps', graded: passed, error: null });
    expect(fields).toMatchObject({ terminal_reason: 'agent_failure', success: false, valid: true });
  });

  it("keeps the agent's error on an agent failure", () => {
    const { fields } = verdictOf({ exit: 'agent_error', graded: failed, error: 'agent error: x' });
    expect(fields.error).toBe('agent error: x');
  });

  it("makes a grader that could not decide an invalid grader failure, with the grader's message", () => {
    const graded: GradedTrial = {
      grades: { judge: grade(false, { error: 'no judge model' }) },
      success: false,
      failure: { grader: 'judge', message: 'no judge model' },
    };
    const { fields } = verdictOf({ exit: 'finished', graded, error: 'agent error: x' });
    expect(fields).toMatchObject({
      terminal_reason: 'grader_failure',
      success: false,
      valid: false,
      error: 'grader failed: no judge model',
    });
  });

  it('makes an infrastructure exit with nothing graded an invalid environment failure', () => {
    expect(verdictOf({ exit: 'tool_crash', graded: undefined, error: 'tool crashed' })).toEqual({
      fields: {
        terminal_reason: 'environment_failure',
        grades: {},
        success: false,
        partial_score: null,
        valid: false,
        error: 'tool crashed',
      },
      graderCostUsd: 0,
    });
  });

  it('keeps a model that cannot serve the tool protocol a valid harness incompatibility', () => {
    const { fields } = verdictOf({
      exit: 'provider_error',
      graded: undefined,
      infrastructure: 'harness_incompatibility',
      error: '413',
    });
    expect(fields).toMatchObject({ terminal_reason: 'harness_incompatibility', valid: true });
    expect(fields.success).toBe(false);
  });

  it("takes the partial score and the graders' cost from the grades", () => {
    const graded: GradedTrial = {
      grades: {
        outcome: grade(true),
        partial: grade(true, { role: 'diagnostic', score: 0.75 }),
        judge: grade(true, { evidence: { cost_usd: 0.002 } }),
      },
      success: true,
      failure: null,
    };
    const verdict = verdictOf({ exit: 'finished', graded, error: null });
    expect(verdict.fields.partial_score).toBe(0.75);
    expect(verdict.graderCostUsd).toBe(0.002);
  });
});
