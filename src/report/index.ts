export { buildScorecard } from './build-scorecard.js';
export { renderTerminal } from './render-terminal.js';
export type { SampleSummary, Scorecard, SliceSummary, TaskSummary } from './scorecard.js';
