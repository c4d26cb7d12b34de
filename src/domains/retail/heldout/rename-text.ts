import { digitsFor } from './fresh-digits.js';
import type { HeldoutMapping } from './heldout-mapping.js';

/** An amount of money in a text that no known amount maps. */
export interface AmountMention {
  /** As written, e.g. `$1131` or `481.50`. */
  readonly text: string;
  readonly value: number;
  /** Written as money (`$` or cents): `1.5` in "1.5 liters" is not. */
  readonly isMoney: boolean;
}

export interface RenamedText {
  readonly text: string;
  /** Amounts left as they were: no old amount of the data or task equals them. */
  readonly unmapped: readonly AmountMention[];
}

/**
 * What may name an entity or an amount in free text, most specific first.
 * An amount is written with a `$` or with cents; a bare run of digits is an
 * id or a zip code only when the data has it.
 */
const TOKEN = new RegExp(
  [
    String.raw`(?<email>[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)`,
    String.raw`(?<payment>\b(?:credit_card|gift_card|paypal)_\d+\b)`,
    String.raw`(?<user>\b[a-z]+_[a-z]+_\d+\b)`,
    String.raw`(?<order>#W\d+\b)`,
    String.raw`(?<suite>\bSuite \d+\b)`,
    String.raw`(?<address>(?<![\w.$#-])\d+(?: [A-Z][a-z]+)+\b)`,
    String.raw`(?<amount>(?<![\w.])\$?\d+(?:,\d{3})*\.\d+(?![\w-]|\.\d)|\$\d+(?:,\d{3})*(?![\w.]|,\d))`,
    String.raw`(?<digits>(?<![\w.])\d+(?!\w|[.,]\d))`,
    String.raw`(?<word>\b[A-Z][a-z]+\b)`,
  ].join('|'),
  'g',
);

/** `greta`, `daikisanchez`: a run of letters made of known lowercase names, renamed; else as it was. */
function renameNameRun(run: string, parts: ReadonlyMap<string, string>): string {
  const names = [...parts.keys()].sort((a, b) => b.length - a.length);
  const split = (rest: string): string[] | undefined => {
    if (rest === '') return [];
    for (const name of names) {
      if (!rest.startsWith(name)) continue;
      const tail = split(rest.slice(name.length));
      if (tail !== undefined) return [parts.get(name) ?? name, ...tail];
    }
    return undefined;
  };
  return split(run)?.join('') ?? run;
}

/** An e-mail or a user id outside the data: its name parts and digits renamed one by one. */
function renameIdentifier(text: string, mapping: HeldoutMapping): string {
  const [local = text, domain] = text.split('@');
  const renamed = local.replace(/[a-z]+|\d+/g, (run) =>
    /\d/.test(run) ? digitsFor(mapping.seed, run) : renameNameRun(run, mapping.nameParts),
  );
  return domain === undefined ? renamed : `${renamed}@${domain}`;
}

/** `986 Sunset Drive` (with what follows it, `986 Sunset Drive Denver`): the longest known start. */
function renameAddress(text: string, mapping: HeldoutMapping): string {
  const words = text.split(' ');
  for (let length = words.length; length >= 2; length--) {
    const head = words.slice(0, length).join(' ');
    const known = mapping.atoms.get(head);
    const street = mapping.streets.get(words.slice(1, length).join(' '));
    const rest = words.slice(length).map((word) => mapping.names.get(word) ?? word);
    if (known !== undefined) return [known, ...rest].join(' ');
    if (street !== undefined)
      return [digitsFor(mapping.seed, words[0] ?? ''), street, ...rest].join(' ');
  }
  const [number = '', ...rest] = words;
  return [mapping.atoms.get(number) ?? number, ...rest.map((w) => mapping.names.get(w) ?? w)].join(
    ' ',
  );
}

function formatAmount(original: string, value: number): string {
  const dollar = original.startsWith('$') ? '$' : '';
  const cents = /\.(\d+)$/.exec(original)?.[1]?.length;
  const digits = cents === 2 ? value.toFixed(2) : String(value);
  return `${dollar}${original.includes(',') ? Number(digits).toLocaleString('en-US', { minimumFractionDigits: cents ?? 0 }) : digits}`;
}

/**
 * A text under a held-out mapping: ids, e-mails, names, address lines and
 * zip codes of the data by the mapping (ones outside the data that look
 * like them by their parts, so an instruction and a tool argument that
 * quote the same string still agree), and amounts through `amounts` (old
 * value → new value). Amounts it has no value for are left and listed.
 *
 * @example
 * renameText('Cancel #W5442520, the 54.04 one', { mapping, amounts });
 * // { text: 'Cancel #W8203715, the 55.17 one', unmapped: [] }
 */
export function renameText(
  text: string,
  context: { readonly mapping: HeldoutMapping; readonly amounts: ReadonlyMap<number, number> },
): RenamedText {
  const { mapping, amounts } = context;
  const unmapped: AmountMention[] = [];
  const renamed = text.replace(TOKEN, (match, ...rest: unknown[]) => {
    const groups = rest.at(-1) as Record<string, string | undefined>;
    const known = mapping.atoms.get(match);
    if (known !== undefined) return known;
    if (groups.email !== undefined || groups.user !== undefined)
      return renameIdentifier(match, mapping);
    if (groups.payment !== undefined || groups.order !== undefined || groups.suite !== undefined)
      return match.replace(/\d+$/, (digits) => digitsFor(mapping.seed, digits));
    if (groups.address !== undefined) return renameAddress(match, mapping);
    if (groups.amount !== undefined) {
      const value = Number(match.replace(/[$,]/g, ''));
      const to = amounts.get(value);
      if (to !== undefined) return formatAmount(match, to);
      unmapped.push({ text: match, value, isMoney: /^\$|\.\d\d$/.test(match) });
      return match;
    }
    if (groups.word !== undefined) return mapping.names.get(match) ?? match;
    return match;
  });
  return { text: renamed, unmapped };
}
