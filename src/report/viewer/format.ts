/** Figures as the report shows them; null and NaN (no data) read as an em dash. */
const missing = (value: number | null | undefined): value is null | undefined =>
  value === null || value === undefined || Number.isNaN(value);

export function percent(value: number | null | undefined, digits = 1): string {
  return missing(value) ? '—' : `${(value * 100).toFixed(digits)}%`;
}

export function fixed(value: number | null | undefined, digits = 3): string {
  return missing(value) ? '—' : value.toFixed(digits);
}

export function usd(value: number | null | undefined): string {
  if (missing(value)) return '—';
  return `$${value.toFixed(value !== 0 && Math.abs(value) < 1 ? 4 : 2)}`;
}

/** A cost that may be unknown (a model no pricing table priced): "unknown", never $0. */
export function usdOrUnknown(value: number | null | undefined, unpricedTrials: number): string {
  return value === null && unpricedTrials > 0 ? 'unknown' : usd(value);
}

export function integer(value: number | null | undefined): string {
  return missing(value) ? '—' : Math.round(value).toLocaleString('en-US');
}

export function ms(value: number | null | undefined): string {
  if (missing(value)) return '—';
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(1)} ms`;
}

/** A number of unknown meaning: integers as they are, others to four significant digits. */
export function number(value: number | null | undefined): string {
  if (missing(value)) return '—';
  return Number.isInteger(value)
    ? value.toLocaleString('en-US')
    : String(Number(value.toPrecision(4)));
}

export function interval(
  ci: readonly [number, number] | readonly number[] | null | undefined,
): string {
  if (ci === null || ci === undefined || ci.length < 2) return '—';
  return `[${percent(ci[0])}, ${percent(ci[1])}]`;
}

/** `n noun(s)` with the plural right. */
export function plural(count: number, noun: string, nouns = `${noun}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? noun : nouns}`;
}
