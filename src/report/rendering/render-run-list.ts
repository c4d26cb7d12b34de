import type { RunRecord } from '../../schema/index.js';
import { escapeHtml } from './escape-html.js';
import { agentLabel } from '../analysis/agent-label.js';

export interface RunListInput {
  /** Runs, newest first. */
  readonly runs: readonly RunRecord[];
  /** Where the store is, shown in the heading. */
  readonly storePath: string;
  /** The address of a run's report page. */
  readonly hrefOf: (run: RunRecord) => string;
  /** Said above the list (runs removed from the store, say). */
  readonly warnings?: readonly string[];
}

const STYLE = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 2rem; color: #1d232b; }
h1 { font-size: 1.3rem; margin: 0 0 .2rem; }
p.store { color: #5b6470; margin: 0 0 1.2rem; }
table { border-collapse: collapse; }
th, td { text-align: left; padding: .3rem .8rem .3rem 0; border-bottom: 1px solid #e3e6ea; }
th { font-weight: 600; color: #5b6470; }
code { font: 12px ui-monospace, monospace; }
.status-finished { color: #1a7f37; } .status-running { color: #9a6700; } .status-interrupted { color: #cf222e; }
p.warning { color: #cf222e; font-weight: 600; }
`;

/** The page `endstate view` serves at `/`: every stored run, newest first, each linking to its report. */
export function renderRunList({ runs, storePath, hrefOf, warnings = [] }: RunListInput): string {
  const rows = runs.map((run) => {
    const agent = agentLabel(run.system, { version: false });
    const cells = [
      `<a href="${escapeHtml(hrefOf(run))}">${escapeHtml(run.run_id)}</a>`,
      escapeHtml(run.created_at),
      `<span class="status-${escapeHtml(run.status)}">${escapeHtml(run.status)}</span>`,
      escapeHtml(run.suite.name),
      escapeHtml(agent),
      `${run.suite.task_ids.length} × ${run.trials_per_task}`,
      `<code>${escapeHtml(run.system_hash.slice(0, 12))}</code>`,
    ];
    return `<tr>${cells.map((cell) => `<td>${cell}</td>`).join('')}</tr>`;
  });
  const body =
    runs.length === 0
      ? '<p>The store holds no runs yet: run <code>endstate run &lt;suite&gt;</code> first.</p>'
      : `<table><thead><tr><th>run</th><th>created</th><th>status</th><th>suite</th><th>agent</th><th>tasks × trials</th><th>system</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>endstate runs</title>
<style>${STYLE}</style>
</head>
<body>
<h1>endstate runs</h1>
<p class="store">${escapeHtml(storePath)} · ${runs.length} run(s)</p>
${warnings.map((warning) => `<p class="warning">warning: ${escapeHtml(warning)}</p>\n`).join('')}${body}
</body>
</html>
`;
}
