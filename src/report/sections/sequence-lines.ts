/** A terminal block of sequence facts: its title on the first line, the rest indented under it. */
export function sequenceLines(title: string, facts: readonly [string, string][]): string[] {
  return facts.map(
    ([label, text], index) => `${(index === 0 ? title : '').padEnd(11)}${label}: ${text}`,
  );
}
