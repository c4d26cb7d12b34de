import { describe, expect, it } from 'vitest';
import type { Check, Grade, GraderRole } from './trial-record.js';
import {
  checksOfRole,
  constraintChecks,
  failedChecks,
  graderCostOf,
  partialScoreOf,
  successOf,
  trialChecks,
} from './grades.js';
import { migrateTrialRecord } from './read-trial-record.js';

const check = (id: string, pass: boolean): Check => ({
  id,
  kind: 'k',
  pass,
  message: id,
  evidence: null,
});
const grade = (role: GraderRole, checks: Check[], extra: Partial<Grade> = {}): Grade => ({
  version: '1',
  role,
  pass: checks.every((one) => one.pass),
  score: null,
  checks,
  evidence: null,
  error: null,
  ...extra,
});

describe('successOf', () => {
  it('is every gate and constraint grade passing with no grader error; diagnostics never count', () => {
    // Every combination of three grades' pass flags, against the rule written out.
    for (const gate of [true, false])
      for (const constraint of [true, false])
        for (const diagnostic of [true, false]) {
          const grades = {
            outcome: grade('gate', [], { pass: gate }),
            constraints: grade('constraint', [], { pass: constraint }),
            trajectory: grade('diagnostic', [], { pass: diagnostic }),
          };
          expect(successOf(grades)).toBe(gate && constraint);
        }
    expect(successOf({ outcome: grade('gate', [], { error: 'no rubric' }) })).toBe(false);
    expect(successOf({ trajectory: grade('diagnostic', [], { error: 'broken' }) })).toBe(false);
  });
});

describe('trialChecks', () => {
  it('lists gates, then constraints, then diagnostics, each in grading order, naming grader and role', () => {
    const trial = {
      grades: {
        trajectory: grade('diagnostic', [check('trajectory', false)]),
        constraints: grade('constraint', [check('constraints[0]', false)]),
        outcome: grade('gate', [check('expect.changes[0]', true)]),
        claims: grade('gate', [check('claims[0]', false)]),
      },
    };
    expect(trialChecks(trial).map((one) => `${one.grader}:${one.id}:${one.role}`)).toEqual([
      'outcome:expect.changes[0]:gate',
      'claims:claims[0]:gate',
      'constraints:constraints[0]:constraint',
      'trajectory:trajectory:diagnostic',
    ]);
    expect(failedChecks(trial).map((one) => one.id)).toEqual(['claims[0]', 'constraints[0]']);
    expect(constraintChecks(trial).map((one) => one.id)).toEqual(['constraints[0]']);
  });
});

describe('checksOfRole', () => {
  it("gives each role's checks in grading order, the record's own objects, as trialChecks lists them", () => {
    const trial = {
      grades: {
        scope: grade('constraint', [check('scope[0]', true), check('scope[1]', false)]),
        outcome: grade('gate', [check('expect.changes[0]', true)]),
        consent: grade('constraint', [check('consent[0]', false)]),
        trajectory: grade('diagnostic', [check('trajectory', true)]),
      },
    };
    for (const role of ['gate', 'constraint', 'diagnostic'] as const) {
      const uncopied = checksOfRole(trial, role);
      const listed = trialChecks(trial).filter((one) => one.role === role);
      expect(uncopied.map((one) => one.id)).toEqual(listed.map((one) => one.id));
      const own = Object.values(trial.grades).flatMap((one) =>
        one.role === role ? one.checks : [],
      );
      uncopied.forEach((one, index) => expect(one).toBe(own[index]));
    }
    expect(checksOfRole(trial, 'constraint').map((one) => one.id)).toEqual(
      constraintChecks(trial).map((one) => one.id),
    );
  });
});

describe('graderCostOf and partialScoreOf', () => {
  it('sum the cost model-based graders report, and read the partial grader score', () => {
    const grades = {
      judge: grade('gate', [], { evidence: { cost_usd: 0.0125 } }),
      claims: grade('gate', [], { evidence: { cost_usd: 0.0025, model: 'x' } }),
      outcome: grade('gate', [], { evidence: [1, 2] }),
      partial: grade('diagnostic', [], { score: 0.6 }),
    };
    expect(graderCostOf(grades)).toBeCloseTo(0.015, 12);
    expect(partialScoreOf(grades)).toBe(0.6);
    expect(
      partialScoreOf({ partial: grade('diagnostic', [], { score: 0.6, error: 'x' }) }),
    ).toBeNull();
    expect(partialScoreOf({})).toBeNull();
  });
});

describe('migrateTrialRecord', () => {
  it('turns version 1 fields into grades, leaving out the ones that held no check', () => {
    const failed = {
      id: 'constraints[0]',
      kind: 'consent',
      pass: false,
      message: '',
      evidence: null,
    };
    const migrated = migrateTrialRecord({
      record_version: 1,
      trial_id: 't',
      outcome: { pass: true, checks: [] },
      response: { pass: false, checks: [] },
      constraints: [failed],
    });
    expect(migrated).toEqual({
      record_version: 3,
      trial_id: 't',
      partial_score: null,
      grades: {
        outcome: {
          version: '3',
          role: 'gate',
          pass: true,
          score: null,
          checks: [],
          evidence: null,
          error: null,
        },
        constraints: {
          version: '3',
          role: 'constraint',
          pass: false,
          score: null,
          checks: [failed],
          evidence: null,
          error: null,
        },
      },
    });
  });
});
