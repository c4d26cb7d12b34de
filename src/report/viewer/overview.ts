import { isIsolationConcern } from '../rendering/describe-sandbox.js';
import type { Child } from './dom.js';
import { h, section } from './dom.js';
import type { Term } from './figure-term.js';
import { termElement } from './figure-term.js';
import type { ReportModel } from './report-model.js';
import { renderValue } from './render-value.js';

/** A two-column list of labelled facts; a figure's label carries its definition on hover. */
export function facts(rows: readonly (readonly [Term, Child] | null)[]): HTMLElement {
  return h(
    'dl',
    { class: 'facts' },
    rows.map((row) => (row === null ? null : [termElement('dt', row[0]), h('dd', {}, row[1])])),
  );
}

export const code = (text: string): HTMLElement => h('code', {}, text);

/** The page heading: which run this is. */
export function renderHeader({ summary }: ReportModel): HTMLElement {
  const { run, scorecard } = summary;
  const status = h('span', { class: `badge status-${run.status}` }, run.status);
  return h(
    'div',
    { class: 'heading' },
    h('h1', {}, 'endstate report ', h('span', { class: 'run-id' }, run.run_id), ' ', status),
    h(
      'p',
      { class: 'subtitle' },
      `suite ${run.suite.name} · agent ${scorecard.agent} · ${run.suite.task_ids.length} tasks × ${run.trials_per_task} trials · created ${run.created_at}`,
      run.finished_at === null ? '' : ` · finished ${run.finished_at}`,
    ),
    h(
      'p',
      {
        class: isIsolationConcern(scorecard.sandbox, run.system.agent.kind)
          ? 'subtitle warn'
          : 'subtitle',
        id: 'isolation',
      },
      `sandbox: ${scorecard.isolation}`,
    ),
    scorecard.mode === undefined
      ? ''
      : h('p', { class: 'subtitle warn' }, `mode: ${scorecard.mode}, diagnosis only`),
  );
}

/** The system under test and everything that identifies the run: spec, hashes, seed, revisions. */
export function renderSystem({ summary }: ReportModel): HTMLElement {
  const { run } = summary;
  const revisions = Object.entries(run.suite.revisions);
  const revised = revisions.filter(([, revision]) => revision !== 1);
  return section(
    'system',
    'System and suite',
    h(
      'div',
      { class: 'columns' },
      h(
        'div',
        {},
        h('h3', {}, 'Run'),
        facts([
          ['run', code(run.run_id)],
          ['status', run.status],
          ['created', run.created_at],
          ['finished', run.finished_at ?? '—'],
          ['system hash', code(run.system_hash)],
          ['sandbox', summary.scorecard.isolation],
          [
            'suite',
            run.suite.path === null ? run.suite.name : `${run.suite.name} (${run.suite.path})`,
          ],
          ['suite hash', code(run.suite.hash)],
          ['tasks', String(run.suite.task_ids.length)],
          [
            'task revisions',
            revised.length === 0
              ? `all ${revisions.length} at revision 1`
              : revised.map(([task, revision]) => `${task} r${revision}`).join(', '),
          ],
          ['trials per task', String(run.trials_per_task)],
          ['seed', String(run.seed)],
          ['concurrency', String(run.concurrency)],
          ['max reruns', String(run.max_reruns)],
          run.regraded_from === undefined ? null : ['regraded from', code(run.regraded_from)],
          run.faults === undefined ? null : ['run-wide faults', renderValue(run.faults)],
        ]),
      ),
      h('div', {}, h('h3', {}, 'System spec'), renderValue(run.system)),
    ),
  );
}
