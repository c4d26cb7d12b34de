import type { HeldoutMapping } from './heldout-mapping.js';

/** Runs that could quote an entity: ids, e-mails, `#W` orders, address starts, numbers, words. */
const CANDIDATE =
  /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+|#W\d+|\b[a-z]+(?:_[a-z]+)*_\d+\b|\bSuite \d+\b|\d+(?: [A-Z][a-z]+)+|\d+|[A-Za-z]+/g;

/** Whether a run of letters is made only of the data's names (`daikisanchez`). */
function isNameRun(run: string, parts: ReadonlyMap<string, string>): boolean {
  if (run === '') return true;
  for (const name of parts.keys()) {
    if (run.startsWith(name) && isNameRun(run.slice(name.length), parts)) return true;
  }
  return false;
}

/**
 * The original entities a text still quotes: ids, e-mails, address lines
 * and zip codes of the data, first and last names (capitalised as words,
 * or in lowercase inside an id or an e-mail). Empty for a text that the
 * renaming left nothing of the data in.
 */
export function findOriginals(text: string, mapping: HeldoutMapping): string[] {
  const found = new Set<string>();
  for (const [match] of text.matchAll(CANDIDATE)) {
    if (mapping.atoms.has(match) || mapping.names.has(match)) found.add(match);
    else if (/^\d+ /.test(match)) {
      const words = match.split(' ');
      for (let length = 2; length <= words.length; length++) {
        const head = words.slice(0, length).join(' ');
        if (mapping.atoms.has(head)) found.add(head);
      }
      for (const word of words) if (mapping.names.has(word)) found.add(word);
    } else if (/[@_]/.test(match)) {
      const local = match.split('@')[0] ?? '';
      for (const run of local.match(/[a-z]+/g) ?? [])
        if (isNameRun(run, mapping.nameParts)) found.add(`${run} (in ${match})`);
    }
  }
  return [...found];
}
