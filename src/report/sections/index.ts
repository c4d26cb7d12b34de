import type { AnyScorecardSection } from '../scorecard-section.js';
import { assistanceSection } from './assistance-section.js';
import { calibrationSection } from './calibration-section.js';
import { constraintsSection } from './constraints-section.js';
import { driftSection } from './drift-section.js';
import { faultsSection } from './faults-section.js';
import { memorySection } from './memory-section.js';
import { partialSection } from './partial-section.js';
import { plansSection } from './plans-section.js';
import { robustnessSection } from './robustness-section.js';
import { safetySection } from './safety-section.js';

/**
 * The built-in scorecard sections, in the order their fields appear in the
 * scorecard's JSON (a stored format: a new section goes at the end). The
 * scorecard, the terminal and Markdown reports and the gates all follow
 * this one list.
 */
export const SCORECARD_SECTIONS: readonly AnyScorecardSection[] = [
  faultsSection,
  safetySection,
  constraintsSection,
  plansSection,
  partialSection,
  calibrationSection,
  driftSection,
  memorySection,
  robustnessSection,
  assistanceSection,
];

export {
  assistanceSection,
  calibrationSection,
  constraintsSection,
  driftSection,
  faultsSection,
  memorySection,
  partialSection,
  plansSection,
  robustnessSection,
  safetySection,
};
