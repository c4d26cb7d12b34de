import type { BoardSet } from '../analysis/board.js';

/** Bumped when the data the board page reads changes shape. */
export const BOARD_HTML_FORMAT = 1;

/** Element id of the board's data block in the page. */
export const BOARD_HTML_ID = 'endstate-board';

/** One board's table as the terminal prints it, for the page to show as is. */
export interface BoardHtmlTable {
  /** `Board 1`. */
  readonly title: string;
  /** The settings its runs share, in a line. */
  readonly settings: string;
  /** Why it is apart from the boards before it. */
  readonly separations: readonly string[];
  readonly head: readonly string[];
  readonly rows: readonly (readonly string[])[];
  /** The frontier in a line. */
  readonly frontier: string;
}

/** What the board page parses when it opens: the boards, and each one's table in words. */
export interface BoardHtmlData {
  readonly format: typeof BOARD_HTML_FORMAT;
  readonly set: BoardSet;
  /** Seal-check warnings of the runs shown (with --accept-tampered); empty when none. */
  readonly warnings: readonly string[];
  /** One per board, in the same order. */
  readonly tables: readonly BoardHtmlTable[];
}
