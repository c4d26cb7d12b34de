import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { EndstateError } from '../core/index.js';
import type { Problem } from '../core/index.js';
import { JudgeLabelSchema } from '../schema/index.js';
import type { JudgeLabel } from '../schema/index.js';
import { decodeUtf8, formatPath } from '../task/index.js';

const HINT =
  'Write one JSON object per line: {"id": "<item>", "human": "<label>", "judge": "<label>"}.';

/**
 * Reads a labels file (JSON lines of {@link JudgeLabel}; blank lines are
 * skipped). Every problem is listed at once, by line; an item named twice
 * is a problem, since it would be counted twice.
 */
export function readJudgeLabels(path: string, cwd: string): JudgeLabel[] {
  const file = resolve(cwd, path);
  if (!existsSync(file)) {
    throw new EndstateError('E_FILE_NOT_FOUND', `labels file ${path} does not exist`, {
      hint: HINT,
    });
  }
  const decoded = decodeUtf8(readFileSync(file), path);
  if (decoded.type === 'invalid') {
    throw new EndstateError('E_LABELS_INVALID', `labels file ${path} is not UTF-8`, {
      problems: [decoded.problem],
    });
  }
  const labels: JudgeLabel[] = [];
  const problems: Problem[] = [];
  const firstLine = new Map<string, number>();
  decoded.text.split('\n').forEach((text, index) => {
    const line = index + 1;
    if (text.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      problems.push({ file: path, line, message: `not JSON: ${(error as Error).message}` });
      return;
    }
    const parsed = JudgeLabelSchema.safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        problems.push({ file: path, line, path: formatPath(issue.path), message: issue.message });
      return;
    }
    const seen = firstLine.get(parsed.data.id);
    if (seen !== undefined) {
      problems.push({
        file: path,
        line,
        path: 'id',
        message: `item ${JSON.stringify(parsed.data.id)} is already labelled on line ${seen}`,
      });
      return;
    }
    firstLine.set(parsed.data.id, line);
    labels.push(parsed.data);
  });
  if (problems.length > 0)
    throw new EndstateError('E_LABELS_INVALID', `labels file ${path} is not valid`, {
      problems,
      hint: HINT,
    });
  if (labels.length === 0)
    throw new EndstateError('E_LABELS_INVALID', `labels file ${path} has no labelled items`, {
      hint: HINT,
    });
  return labels;
}
