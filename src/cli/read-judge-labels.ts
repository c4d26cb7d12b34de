import { EndstateError } from '../core/index.js';
import { JudgeLabelSchema } from '../schema/index.js';
import type { JudgeLabel } from '../schema/index.js';
import { readJsonLines } from './read-json-lines.js';

const HINT =
  'Write one JSON object per line: {"id": "<item>", "human": "<label>", "judge": "<label>"}.';

/**
 * Reads a labels file (JSON lines of {@link JudgeLabel}; blank lines are
 * skipped). Every problem is listed at once, by line; an item named twice
 * is a problem, since it would be counted twice.
 */
export function readJudgeLabels(path: string, cwd: string): JudgeLabel[] {
  const firstLine = new Map<string, number>();
  const labels = readJsonLines(path, cwd, JudgeLabelSchema, {
    hint: HINT,
    check: (label, line) => {
      const seen = firstLine.get(label.id);
      if (seen !== undefined)
        return {
          path: 'id',
          message: `item ${JSON.stringify(label.id)} is already labelled on line ${seen}`,
        };
      firstLine.set(label.id, line);
      return undefined;
    },
  }).map(({ value }) => value);
  if (labels.length === 0)
    throw new EndstateError('E_LABELS_INVALID', `labels file ${path} has no labelled items`, {
      hint: HINT,
    });
  return labels;
}
