import type { Scorecard } from './scorecard.js';
import type {
  AnyScorecardSection,
  ScorecardSection,
  SectionInput,
  SectionKey,
  SectionValue,
} from './scorecard-section.js';

/**
 * The scorecard fields the sections fill. A section whose value is
 * undefined leaves its key out, which only an optional field's type allows.
 */
export type SectionFields = Pick<Scorecard, SectionKey>;

/**
 * Every section's value on one input, in the sections' order (the
 * scorecard's key order). A section that uses another's value gets the one
 * summarised for the scorecard, so each section summarises once.
 */
export function summariseSections(
  sections: readonly AnyScorecardSection[],
  input: Omit<SectionInput, 'use'>,
): SectionFields {
  const values = new Map<SectionKey, unknown>();
  const use = <Key extends SectionKey>(section: ScorecardSection<Key>): SectionValue<Key> => {
    if (!values.has(section.key)) values.set(section.key, section.summarise(withUse));
    return values.get(section.key) as SectionValue<Key>;
  };
  const withUse: SectionInput = { ...input, use };
  const fields: Record<string, unknown> = {};
  for (const section of sections) {
    const value = use(section as ScorecardSection<SectionKey>);
    if (value !== undefined) fields[section.key] = value;
  }
  // Each key is set from its own section, and only an optional field's section can return undefined.
  return fields as unknown as SectionFields;
}
