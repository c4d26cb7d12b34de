import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = join(import.meta.dirname, '../..');
const README = readFileSync(join(REPO, 'README.md'), 'utf8');
const DOCS = readdirSync(join(REPO, 'docs')).filter((file) => file.endsWith('.md'));

/** README.md from its start to the end of its "## Quickstart" section (the next `## ` heading). */
function upToQuickstartEnd(readme: string): string {
  const start = readme.indexOf('\n## Quickstart\n');
  if (start === -1) throw new Error('README.md has no "## Quickstart" section');
  const end = readme.indexOf('\n## ', start + 1);
  return end === -1 ? readme : readme.slice(0, end);
}

function words(text: string): number {
  return text.split(/\s+/).filter((word) => word !== '').length;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown file's headings (outside fenced code), repeats numbered as GitHub does. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6} (.*)$/.exec(line);
    if (heading === null) continue;
    const base = anchorOf(heading[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

/** Relative links `[text](target)` of a Markdown file, outside fenced code. */
function relativeLinks(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z]+:/i.test(target));
}

describe('README.md', () => {
  it('reaches the end of its Quickstart within 1,500 words', () => {
    const count = words(upToQuickstartEnd(README));
    expect(count).toBeGreaterThan(0);
    expect(count, 'words of README.md up to the end of "## Quickstart"').toBeLessThanOrEqual(1500);
  });

  it('links every page of docs/', () => {
    expect(DOCS.length).toBeGreaterThan(0);
    const unlinked = DOCS.filter((file) => !README.includes(`](docs/${file})`));
    expect(unlinked).toEqual([]);
  });

  it('counts words as whitespace-separated tokens, and stops at the section after Quickstart', () => {
    const sample =
      '# t\n\nintro words\n\n## Quickstart\n\nthree more words\n\n## Next\n\nnot counted';
    expect(words(upToQuickstartEnd(sample))).toBe(9);
  });
});

describe('the relative links of README.md and docs/*.md', () => {
  const files = ['README.md', ...DOCS.map((file) => `docs/${file}`)];

  it('name files that exist and headings that exist in them', () => {
    const broken: string[] = [];
    for (const file of files) {
      const text = readFileSync(join(REPO, file), 'utf8');
      for (const target of relativeLinks(text)) {
        const [path, anchor] = target.split('#') as [string, string | undefined];
        const resolved = path === '' ? join(REPO, file) : join(REPO, dirname(file), path);
        if (!existsSync(resolved)) {
          broken.push(`${file}: ${target} (no file ${relative(REPO, resolved)})`);
          continue;
        }
        if (anchor === undefined || !resolved.endsWith('.md')) continue;
        if (!anchors(readFileSync(resolved, 'utf8')).has(anchor))
          broken.push(`${file}: ${target} (no heading with that anchor)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('finds a heading by the anchor GitHub gives it', () => {
    const found = anchors('# A\n## Gates in CI: --fail-under\n```\n# not a heading\n```\n## A\n');
    expect([...found]).toEqual(['a', 'gates-in-ci---fail-under', 'a-1']);
  });
});
