import { describe, expect, it } from 'vitest';
import { labelAgreement } from '../../stats/index.js';
import type { LabelPair } from '../../stats/index.js';
import { renderLabelAgreement } from './render-label-agreement.js';

/** `count` items labelled `reference` by people and `rater` by the judge, in `task` if given. */
const items = (reference: string, rater: string, count: number, task?: string): LabelPair[] =>
  Array.from({ length: count }, () => ({
    reference,
    rater,
    ...(task === undefined ? {} : { task }),
  }));

const headOf = (text: string): string => text.split('\n').slice(0, 4).join('\n');

describe('renderLabelAgreement', () => {
  it('shows the tasks beside the items and names the clustering of the intervals', () => {
    const agreement = labelAgreement([
      ...items('pass', 'pass', 6, 'refund'),
      ...items('fail', 'fail', 4, 'cancel'),
      ...items('pass', 'fail', 2, 'cancel'),
      ...items('fail', 'fail', 3, 'lookup'),
    ]);
    expect(headOf(renderLabelAgreement(agreement, 'labels.jsonl'))).toMatchInlineSnapshot(`
      "Judge against people · labels.jsonl · 15 item(s) in 3 task(s)
      Accuracy   86.7%  95% CI [30.5%, 98.3%]  (13/15 labelled alike)
      Kappa      0.737  95% CI [-0.37, 0.97]  (agreement 0.867, by chance 0.493)
      Intervals  clustered by task, 3 tasks (task bootstrap and exact agreement bounds)"
    `);
  });

  it('says when no item names its task, and counts items without one', () => {
    const independent = labelAgreement(items('pass', 'pass', 4));
    expect(headOf(renderLabelAgreement(independent, 'labels.jsonl')).split('\n')[3]).toBe(
      'Intervals  items independent, 4 item(s): none names its task, so each counts as its own (exact agreement bounds)',
    );
    const mixed = labelAgreement([...items('pass', 'pass', 4, 'a'), ...items('fail', 'fail', 2)]);
    expect(headOf(renderLabelAgreement(mixed, 'labels.jsonl')).split('\n')[3]).toBe(
      'Intervals  clustered by task, 3 tasks (task bootstrap and exact agreement bounds; 2 item(s) name no task and count as their own)',
    );
  });
});
