/** A table cell: pipes escaped and line breaks flattened, so the row keeps its columns. */
export function markdownCell(text: string): string {
  return text.replace(/\r?\n|\r/g, ' ').replace(/\|/g, '\\|');
}

/** A GitHub-flavoured Markdown table: the head, the alignment row, then the rows. */
export function markdownTable(
  head: readonly string[],
  align: readonly ('l' | 'r')[],
  rows: readonly string[][],
): string[] {
  const line = (cells: readonly string[]): string => `| ${cells.map(markdownCell).join(' | ')} |`;
  return [
    line(head),
    `| ${align.map((side) => (side === 'r' ? '---:' : '---')).join(' | ')} |`,
    ...rows.map(line),
  ];
}
