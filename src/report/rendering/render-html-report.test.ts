import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { EndstateError } from '../../core/index.js';
import type { RunRecord, TrialRecord } from '../../schema/index.js';
import { buildRunRecord, buildTrialRecord, buildGrades } from '../../testing/index.js';
import type { RunRecordOverrides } from '../../testing/index.js';
import { buildScorecard } from '../analysis/build-scorecard.js';
import type { HtmlReportSummary } from './html-report-data.js';
import { HTML_REPORT_DATA_SLOT, TRIAL_FLAGS, TRIAL_STATUS } from './html-report-data.js';
import { TRIALS_PER_CHUNK, embedJson, renderHtmlReport } from './render-html-report.js';
import { renderRunList } from './render-run-list.js';

const HOSTILE = '</script><script>alert(1)</script><img src=x onerror=alert(2)><!--';
const TEMPLATE = `<!doctype html><html><head><title>endstate report</title></head><body><main></main>${HTML_REPORT_DATA_SLOT}</body></html>`;

const run = (taskIds: string[], overrides: RunRecordOverrides = {}): RunRecord =>
  buildRunRecord(taskIds, { run_id: 'run-1', system: { prompt: { text: HOSTILE } }, ...overrides });

const failedCheck = {
  id: 'expect.changes[0]',
  kind: 'set',
  pass: false,
  message: `orders/1 status is "open", expected "refunded" ${HOSTILE}`,
  evidence: { got: HOSTILE },
};

function fixture(): { run: RunRecord; trials: TrialRecord[] } {
  const taskIds = ['refund-1', `odd-${HOSTILE}`];
  const trials = [
    buildTrialRecord({
      task_id: taskIds[0]!,
      attempt: 1,
      success: true,
      labels: { family: 'refund' },
    }),
    buildTrialRecord({
      task_id: taskIds[0]!,
      attempt: 2,
      labels: { family: 'refund' },
      grades: buildGrades({ outcome: [failedCheck] }),
      events: [
        { t_ms: 0, kind: 'user', text: HOSTILE, source: 'instruction' },
        { t_ms: 1, kind: 'tool_call', call_id: 'c1', tool: 'get_order', args: { id: HOSTILE } },
        { t_ms: 2, kind: 'fault', call_id: 'c1', tool: 'get_order', fault: 'timeout' },
        {
          t_ms: 3,
          kind: 'blocked',
          call_id: 'c2',
          tool: 'delete',
          reason: 'denied',
          message: 'no',
        },
      ],
    }),
    buildTrialRecord({
      task_id: taskIds[1]!,
      attempt: 1,
      valid: false,
      labels: { family: HOSTILE },
    }),
    buildTrialRecord({
      task_id: taskIds[1]!,
      attempt: 1,
      rerun: 1,
      success: true,
      labels: { family: HOSTILE },
    }),
    buildTrialRecord({
      task_id: taskIds[1]!,
      attempt: 2,
      success: true,
      labels: { family: HOSTILE },
    }),
  ];
  return { run: run(taskIds), trials };
}

function render(input = fixture(), extra: Partial<Parameters<typeof renderHtmlReport>[0]> = {}) {
  return renderHtmlReport({
    template: TEMPLATE,
    run: input.run,
    scorecard: buildScorecard(input.run, input.trials),
    trials: input.trials,
    ...extra,
  });
}

function summaryOf(html: string): HtmlReportSummary {
  const match = /<script type="application\/json" id="endstate-summary">([^]*?)<\/script>/.exec(
    html,
  );
  if (match?.[1] === undefined) throw new Error('no summary block');
  return JSON.parse(match[1]) as HtmlReportSummary;
}

function chunkOf(html: string, chunk: number): TrialRecord[] {
  const match = new RegExp(
    `<script type="text/plain" id="endstate-trials-${chunk}">([^<]*)</script>`,
  ).exec(html);
  if (match?.[1] === undefined) throw new Error(`no chunk ${chunk}`);
  return JSON.parse(gunzipSync(Buffer.from(match[1], 'base64')).toString('utf8')) as TrialRecord[];
}

describe('embedJson', () => {
  it('escapes every < so no text can close the script element or open a comment', () => {
    const embedded = embedJson({ text: HOSTILE });
    expect(embedded).not.toContain('<');
    expect(JSON.parse(embedded)).toEqual({ text: HOSTILE });
  });
});

describe('renderHtmlReport', () => {
  it('puts the data in the slot, leaving no slot and one summary block', () => {
    const html = render();
    expect(html).not.toContain(HTML_REPORT_DATA_SLOT);
    expect(html.match(/id="endstate-summary"/g)).toHaveLength(1);
    expect(html.indexOf('id="endstate-summary"')).toBeGreaterThan(html.indexOf('<main>'));
  });

  it('keeps hostile text in ids, labels, the system spec and trials out of the markup', () => {
    const html = render();
    expect(html).not.toContain('<img');
    expect(html).not.toContain('alert(1)</script>');
    // One script block for the summary and one per chunk, each closed once.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html.match(/<\/script/g)).toHaveLength(2);
  });

  it('round-trips the run, the scorecard and hostile text through the summary', () => {
    const input = fixture();
    const summary = summaryOf(render(input));
    expect(summary.format).toBe(1);
    // Everything of the run but the suite's absolute path, which no report carries.
    expect(input.run.suite.path).toBe('/demo');
    expect(summary.run).toEqual({ ...input.run, suite: { ...input.run.suite, path: null } });
    expect(summary.grid.tasks).toEqual(input.run.suite.task_ids);
    expect(summary.scorecard.run_id).toBe('run-1');
    expect(summary.scorecard.tasks.map((task) => task.task_id)).toEqual(input.run.suite.task_ids);
    expect(summary.scorecard.slices['family']?.[HOSTILE]).toMatchObject({ tasks: 1 });
  });

  it('shows the suite relative to the working folder, and no path when it lies outside', () => {
    const input = fixture();
    expect(summaryOf(render(input, { workingFolder: '/' })).run.suite.path).toBe('demo');
    const outside = render(input, { workingFolder: '/home/ana' });
    expect(summaryOf(outside).run.suite.path).toBeNull();
    expect(outside).not.toContain('/demo');
  });

  it('gives each trial a grid cell: status, exit, failure reasons, fault and block flags', () => {
    const summary = summaryOf(render());
    const { grid } = summary;
    expect(grid.trials).toHaveLength(5);
    const [first, failed, invalid, rerun] = grid.trials;
    expect(first?.slice(0, 4)).toEqual([0, 1, 0, TRIAL_STATUS.success]);
    expect(failed?.[3]).toBe(TRIAL_STATUS.failure);
    expect(failed?.[8]).toBe(TRIAL_FLAGS.fault | TRIAL_FLAGS.blocked);
    expect(failed?.[9].map((index) => grid.reasons[index])).toEqual(['outcome:set']);
    expect(invalid?.[3]).toBe(TRIAL_STATUS.invalid);
    expect(grid.exit_reasons[invalid?.[4] ?? -1]).toBe('tool_crash');
    expect(grid.terminal_reasons[invalid?.[5] ?? -1]).toBe('environment_failure');
    expect(rerun?.slice(0, 4)).toEqual([1, 1, 1, TRIAL_STATUS.success]);
  });

  it('compresses full trial records into chunks that decode to the same records', () => {
    const input = fixture();
    const html = render(input);
    expect(summaryOf(html).chunks).toEqual({
      encoding: 'gzip-base64',
      trials_per_chunk: TRIALS_PER_CHUNK,
      count: 1,
    });
    expect(chunkOf(html, 0)).toEqual(input.trials);
  });

  it('splits many trials into chunks of TRIALS_PER_CHUNK, in order', () => {
    const trials = Array.from({ length: TRIALS_PER_CHUNK * 2 + 1 }, (_, index) =>
      buildTrialRecord({ task_id: 't', attempt: index + 1, success: index % 2 === 0 }),
    );
    const html = render({ run: run(['t'], { trials_per_task: trials.length }), trials });
    expect(summaryOf(html).chunks.count).toBe(3);
    expect(chunkOf(html, 1)[0]?.attempt).toBe(TRIALS_PER_CHUNK + 1);
    expect(chunkOf(html, 2).map((trial) => trial.attempt)).toEqual([TRIALS_PER_CHUNK * 2 + 1]);
  });

  it('carries extra sections (a comparison, say) for the viewer to draw', () => {
    const sections = [{ id: 'comparison', title: 'Against run-0', data: { difference: 0.1 } }];
    expect(summaryOf(render(fixture(), { sections })).sections).toEqual(sections);
  });

  it('titles the page with the run, escaped', () => {
    const html = render({ ...fixture(), run: run(['t'], { run_id: 'run<&>' }) });
    expect(html).toContain('<title>run&lt;&amp;&gt; · demo · endstate</title>');
  });

  it('refuses a template without the data slot, saying how to rebuild', () => {
    expect(() => render(fixture(), { template: '<html></html>' })).toThrow(EndstateError);
    expect(() => render(fixture(), { template: '<html></html>' })).toThrow(/slot/);
  });
});

describe('renderRunList', () => {
  it('links every run to its report, escaping ids', () => {
    const html = renderRunList({
      runs: [run(['t'], { run_id: 'run-2' }), run(['t'], { run_id: `run-${HOSTILE}` })],
      storePath: '/tmp/store.db',
      hrefOf: (stored) => `/runs/${encodeURIComponent(stored.run_id)}`,
    });
    expect(html).toContain('<a href="/runs/run-2">run-2</a>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;/script&gt;');
    expect(html).toContain("default-src 'none'");
  });

  it('says how to make a run when the store has none', () => {
    const html = renderRunList({ runs: [], storePath: '/s.db', hrefOf: () => '' });
    expect(html).toContain('The store holds no runs yet');
  });
});
