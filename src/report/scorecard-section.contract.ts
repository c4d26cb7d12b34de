import { describe, expect, it } from 'vitest';
import type { RunRecord, TrialRecord } from '../schema/index.js';
import { buildScorecard, scorecardSectionInput } from './analysis/build-scorecard.js';
import type { AnyScorecardSection } from './scorecard-section.js';
import { terminalLinesOf, valueOf } from './scorecard-section.js';
import { summariseSections } from './summarise-sections.js';

/** A run whose records give the section a value (neither null nor absent). */
export interface SectionFixture {
  readonly run: RunRecord;
  readonly trials: readonly TrialRecord[];
}

/** The section's value on a run, summarised as the scorecard summarises it. */
function valueOn(section: AnyScorecardSection, run: RunRecord, trials: readonly TrialRecord[]) {
  const fields: Record<string, unknown> = summariseSections(
    [section],
    scorecardSectionInput(run, trials),
  );
  return fields[section.key];
}

const withWeights = (run: RunRecord, weights: Record<string, number>): RunRecord => ({
  ...run,
  suite: { ...run.suite, weights },
});

/** The same figures as JSON writes them (NaN and null alike), key order included. */
const asJson = (value: unknown): string => JSON.stringify(value) ?? 'undefined';

/** Each valid trial again as an invalid attempt of the same trial (an environment failure). */
function invalidCopies(trials: readonly TrialRecord[]): TrialRecord[] {
  return trials
    .filter((trial) => trial.valid)
    .map((trial) => ({
      ...trial,
      trial_id: `${trial.trial_id}-invalid`,
      rerun: trial.rerun + 100,
      valid: false,
      success: false,
      terminal_reason: 'environment_failure',
      exit_reason: 'tool_crash',
      error: 'a tool crashed',
    }));
}

/** A section's value with its count of left-out invalid records, when it reports one, taken off. */
function withoutInvalidCount(value: unknown): { rest: unknown; invalid: number | undefined } {
  if (typeof value !== 'object' || value === null || !('invalid_records' in value)) {
    return { rest: value, invalid: undefined };
  }
  const { invalid_records: invalid, ...rest } = value as { invalid_records: number };
  return { rest, invalid };
}

/**
 * The contract every scorecard section meets (src/report/sections/):
 * its value is a function of the records alone, a run without trials does
 * not break it, invalid attempts never count, task weights count as the
 * section declares, and its output hooks draw its value.
 */
export function describeScorecardSection(
  section: AnyScorecardSection,
  fixture: SectionFixture,
): void {
  describe(`scorecard section ${section.key}`, () => {
    it('has a value on its fixture, which the scorecard holds under its key', () => {
      const { run, trials } = fixture;
      const value = valueOn(section, run, trials);
      expect(value ?? null).not.toBeNull();
      expect(asJson(buildScorecard(run, trials)[section.key])).toBe(asJson(value));
    });

    it('gives the same value for the same records', () => {
      const { run, trials } = fixture;
      const first = valueOn(section, structuredClone(run), structuredClone(trials));
      const second = valueOn(section, structuredClone(run), structuredClone(trials));
      expect(asJson(second)).toBe(asJson(first));
    });

    it('handles a run without trials, and draws whatever value it gives', () => {
      const { run } = fixture;
      const value = valueOn(section, run, []);
      const card = buildScorecard(run, []);
      expect(asJson(card[section.key])).toBe(asJson(value));
      if (value === null || value === undefined) return;
      const hooks = section as unknown as DrawingHooks;
      for (const lines of drawings(hooks, value, card)) expect(lines).toEqual(expect.any(Array));
    });

    it('draws its value in every output it has a hook for', () => {
      const { run, trials } = fixture;
      const card = buildScorecard(run, trials);
      const drawn = drawings(section as unknown as DrawingHooks, card[section.key], card);
      expect(drawn.length).toBeGreaterThan(0);
      for (const lines of drawn) {
        expect(lines.length).toBeGreaterThan(0);
        for (const line of lines.flat()) expect(line).toEqual(expect.any(String));
      }
    });

    it('draws lines in the compact terminal scorecard when its value is informative', () => {
      const { run, trials } = fixture;
      const card = buildScorecard(run, trials);
      const drawn = valueOf(section, card);
      if (drawn === undefined || section.terminal === undefined) return;
      const compact = terminalLinesOf(drawn.section, drawn.value, card, false);
      const informative = drawn.section.informative?.(drawn.value, card) ?? true;
      if (informative) expect(compact.length).toBeGreaterThan(0);
      else expect(compact).toEqual([]);
      for (const line of compact) expect(line).toEqual(expect.any(String));
    });

    it('leaves invalid attempts out (counting them, at most, in its invalid_records)', () => {
      const { run, trials } = fixture;
      const added = invalidCopies(trials);
      expect(added.length).toBeGreaterThan(0);
      const before = withoutInvalidCount(valueOn(section, run, trials));
      const after = withoutInvalidCount(valueOn(section, run, [...trials, ...added]));
      expect(asJson(after.rest)).toBe(asJson(before.rest));
      if (before.invalid === undefined) return;
      expect(after.invalid).toBeGreaterThan(before.invalid);
      expect(after.invalid).toBeLessThanOrEqual(before.invalid + added.length);
    });

    it('gives the same value when every task weighs twice as much', () => {
      const { run, trials } = fixture;
      const doubled = Object.fromEntries(
        run.suite.task_ids.map((id) => [id, 2 * (run.suite.weights?.[id] ?? 1)]),
      );
      expect(asJson(valueOn(section, withWeights(run, doubled), trials))).toBe(
        asJson(valueOn(section, run, trials)),
      );
    });

    // The fixture is read in each test, not here: a suite may make it in beforeAll.
    const weighted = section.weights === 'task';
    it(
      weighted
        ? 'follows the task weights: weighing some task 3 times changes the value'
        : 'ignores task weights: weighing any task 3 times changes nothing',
      () => {
        const { run, trials } = fixture;
        const plain = asJson(valueOn(section, run, trials));
        const changed = run.suite.task_ids.filter((id) => {
          const heavier = withWeights(run, { ...run.suite.weights, [id]: 3 });
          return asJson(valueOn(section, heavier, trials)) !== plain;
        });
        if (weighted) expect(changed.length).toBeGreaterThan(0);
        else expect(changed).toEqual([]);
      },
    );
  });
}

/** A section's output hooks, seen without its key's value type. */
interface DrawingHooks {
  readonly terminal?: { readonly lines: (value: unknown, card: unknown) => string[] };
  readonly markdown?: {
    readonly rows?: (value: unknown, card: unknown) => string[][];
    readonly block?: (value: unknown, card: unknown) => string[];
  };
  readonly junit?: (value: unknown, card: unknown) => [string, string][];
}

function drawings(hooks: DrawingHooks, value: unknown, card: unknown): unknown[][] {
  const drawn: (unknown[] | undefined)[] = [
    hooks.terminal?.lines(value, card),
    hooks.markdown?.rows?.(value, card),
    hooks.markdown?.block?.(value, card),
    hooks.junit?.(value, card),
  ];
  return drawn.filter((lines): lines is unknown[] => lines !== undefined);
}
