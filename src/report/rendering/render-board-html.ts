import { EndstateError } from '../../core/index.js';
import type { BoardSet } from '../analysis/board.js';
import {
  boardHead,
  boardRows,
  boardSeparations,
  describeBoardSettings,
  describeFrontier,
} from './board-figures.js';
import type { BoardHtmlData } from './board-html-data.js';
import { BOARD_HTML_FORMAT, BOARD_HTML_ID } from './board-html-data.js';
import { HTML_REPORT_DATA_SLOT } from './html-report-data.js';
import { embedJson } from './render-html-report.js';

/**
 * The boards as one self-contained HTML page: the report viewer (its chart
 * library bundled, so the page opens from disk with no network) with the
 * boards' data in place of a run's, which it draws as a cost–success chart
 * per board (each run a dot with its success interval and label, the
 * frontier a line) above the same table as the terminal's. Pure.
 */
export function renderBoardHtml(input: {
  readonly template: string;
  readonly set: BoardSet;
  /** Seal-check warnings of the runs shown, each drawn at the top of the page. */
  readonly warnings?: readonly string[];
}): string {
  const { template, set } = input;
  if (!template.includes(HTML_REPORT_DATA_SLOT)) {
    throw new EndstateError(
      'E_INTERNAL',
      `the HTML report template has no ${HTML_REPORT_DATA_SLOT} slot`,
      {
        hint: 'Rebuild endstate with `npm run build`; the viewer page may be stale or from another version.',
      },
    );
  }
  const data: BoardHtmlData = {
    format: BOARD_HTML_FORMAT,
    set,
    warnings: input.warnings ?? [],
    tables: set.boards.map((board, index) => ({
      title: `Board ${index + 1}`,
      settings: describeBoardSettings(board.settings, board.k),
      separations: boardSeparations(board, index),
      head: boardHead(board),
      rows: boardRows(board),
      frontier: describeFrontier(board),
    })),
  };
  const block = `<script type="application/json" id="${BOARD_HTML_ID}">${embedJson(data)}</script>`;
  const page = template.replace(/<title>[^<]*<\/title>/, () => '<title>endstate board</title>');
  const slot = page.lastIndexOf(HTML_REPORT_DATA_SLOT);
  return `${page.slice(0, slot)}${block}${page.slice(slot + HTML_REPORT_DATA_SLOT.length)}`;
}
