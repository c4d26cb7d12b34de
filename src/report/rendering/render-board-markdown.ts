import type { BoardSet } from '../analysis/board.js';
import {
  boardHead,
  boardRows,
  boardSeparations,
  describeBoardSettings,
  describeFrontier,
} from './board-figures.js';
import { escapeMarkdown } from './escape-markdown.js';
import { markdownTable } from './markdown-table.js';

const ALIGN = ['r', 'l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'l', 'l'] as const;

/** The boards as GitHub-flavoured Markdown: per board its settings, a table of its runs and the frontier. */
export function renderBoardMarkdown(set: BoardSet): string {
  const lines = ['### endstate board', ''];
  set.boards.forEach((board, index) => {
    lines.push(
      `#### Board ${index + 1}`,
      '',
      escapeMarkdown(describeBoardSettings(board.settings, board.k)),
      ...boardSeparations(board, index).map((line) => `\n_${escapeMarkdown(line)}._`),
      '',
      ...markdownTable(
        boardHead(board),
        ALIGN,
        boardRows(board).map((row) => row.map(escapeMarkdown)),
      ),
      '',
      `Frontier (success against cost per trial): ${escapeMarkdown(describeFrontier(board))}`,
      ...board.notes.map((note) => `\n_Note: ${escapeMarkdown(note)}._`),
      '',
    );
  });
  return `${lines.join('\n')}\n`;
}
