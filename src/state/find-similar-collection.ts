/**
 * The known collection a name most likely misspells: the same but for
 * case, separators (`order_items`, `orderItems`) or a plural `s`, or, for
 * names of seven letters or more, one letter added, dropped or changed.
 * Names under three letters are never matched. Undefined when none is that close: two genuinely different collections
 * (`cards`, `carts`) are never taken for one another.
 */
export function findSimilarCollection(name: string, known: Iterable<string>): string | undefined {
  const wanted = normalize(name);
  if (wanted.length < 3) return undefined;
  const wantedForms = pluralForms(wanted);
  let closeByOneEdit: string | undefined;
  for (const candidate of known) {
    if (candidate === name) continue;
    const other = normalize(candidate);
    if (pluralForms(other).some((form) => wantedForms.includes(form))) return candidate;
    if (
      closeByOneEdit === undefined &&
      Math.min(wanted.length, other.length) >= 7 &&
      withinOneEdit(wanted, other)
    ) {
      closeByOneEdit = candidate;
    }
  }
  return closeByOneEdit;
}

function normalize(name: string): string {
  return name.toLowerCase().replace(/[-_\s]/g, '');
}

/** The name and what it is without a plural ending (`boxes` → `boxe`, `box`). */
function pluralForms(name: string): string[] {
  const forms = [name];
  if (name.endsWith('s')) forms.push(name.slice(0, -1));
  if (name.endsWith('es')) forms.push(name.slice(0, -2));
  return forms;
}

/** Whether one insertion, deletion or substitution turns `a` into `b`. */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}
