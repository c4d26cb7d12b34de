import Table from 'cli-table3';
import type { BoardSet } from '../analysis/board.js';
import {
  boardHead,
  boardRows,
  boardSeparations,
  describeBoardSettings,
  describeFrontier,
} from './board-figures.js';

/**
 * The boards as plain text for a terminal: per board, the settings its
 * runs share, why it is apart from the boards before it, a table of its
 * runs best first, the frontier and the notes.
 */
export function renderBoardTerminal(set: BoardSet): string {
  const runs = set.boards.reduce((sum, board) => sum + board.runs.length, 0);
  const lines = [
    `endstate board · ${runs} run(s) on ${set.boards.length} board(s) · frontier: success against cost per trial`,
  ];
  set.boards.forEach((board, index) => {
    const table = new Table({
      head: boardHead(board),
      style: { head: [], border: [], compact: true },
    });
    table.push(...boardRows(board));
    lines.push(
      '',
      `Board ${index + 1} · ${describeBoardSettings(board.settings, board.k)}`,
      ...boardSeparations(board, index).map((line) => `  ${line}`),
      table.toString(),
      `Frontier  ${describeFrontier(board)}`,
      ...board.notes.map((note) => `note: ${note}`),
    );
  });
  if (set.boards.length > 1) {
    lines.push(
      '',
      `Runs on different boards are not ranked together: they differ in the settings named above.`,
    );
  }
  return lines.join('\n');
}
