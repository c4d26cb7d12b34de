/**
 * A lockfile for a project that installs a packed endstate, pinned to the
 * versions this repository's package-lock.json holds, so that `npm install
 * --offline` can install it from the npm cache that this repository's own
 * `npm ci` filled (that cache holds package tarballs, not the registry's
 * package documents a lockfile-free install would resolve versions with).
 *
 * Only what the packed manifest declares is followed: its dependencies and
 * required peers, then each of theirs, resolved as Node does from the
 * repository's tree. A package endstate uses but does not declare (one only
 * a dev dependency brings) is missing from the project, as it would be for
 * a user; optional peers are left out, as npm leaves them out.
 */

/** One package entry of a package-lock.json (lockfileVersion 3). */
export interface LockEntry {
  readonly version?: string;
  readonly resolved?: string;
  readonly integrity?: string;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly optionalDependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
  readonly peerDependenciesMeta?: Readonly<Record<string, { optional?: boolean }>>;
  readonly [field: string]: unknown;
}

/** What the lockfile is built from: the repository's lock and the consumer's own manifest. */
export interface ConsumerLockInput {
  /** `packages` of this repository's package-lock.json. */
  readonly repoPackages: Readonly<Record<string, LockEntry>>;
  /** The packed package.json (its name, version, dependencies, peers, bin, engines). */
  readonly packed: LockEntry & { readonly name: string; readonly version: string };
  /** Where the project's package.json points for the tarball (`file:…`). */
  readonly tarballSpec: string;
  /** The consumer's package.json. */
  readonly consumer: {
    readonly name: string;
    readonly version: string;
    readonly dependencies?: Readonly<Record<string, string>>;
    readonly devDependencies?: Readonly<Record<string, string>>;
  };
}

/** Flags npm writes from the repository's point of view; they are worked out again for the project. */
const REPO_FLAGS = new Set(['dev', 'devOptional', 'peer', 'optional', 'extraneous']);

/** The lock path `name` resolves to from the package at `from` ('' is the root), as Node's lookup does. */
function resolveIn(
  packages: Readonly<Record<string, LockEntry>>,
  from: string,
  name: string,
): string | undefined {
  let base = from;
  for (;;) {
    const candidate = base === '' ? `node_modules/${name}` : `${base}/node_modules/${name}`;
    if (packages[candidate] !== undefined) return candidate;
    if (base === '') return undefined;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut < 0 ? '' : base.slice(0, cut);
  }
}

interface Edge {
  readonly name: string;
  readonly optional: boolean;
}

function edgesOf(entry: LockEntry): Edge[] {
  const meta = entry.peerDependenciesMeta ?? {};
  return [
    ...Object.keys(entry.dependencies ?? {}).map((name) => ({ name, optional: false })),
    ...Object.keys(entry.optionalDependencies ?? {}).map((name) => ({ name, optional: true })),
    ...Object.keys(entry.peerDependencies ?? {})
      .filter((name) => meta[name]?.optional !== true)
      .map((name) => ({ name, optional: false })),
  ];
}

/**
 * The package-lock.json (lockfileVersion 3) of a consumer project that
 * depends on the packed tarball. Throws when a required package is not in
 * the repository's lock.
 */
export function consumerLockfile(input: ConsumerLockInput): Record<string, unknown> {
  const { repoPackages, packed, consumer } = input;
  // The repository's root stands for the packed endstate: its dependencies resolve from ''.
  const required = new Set<string>();
  const reached = new Set<string>();
  const visit = (from: string, entry: LockEntry, viaOptional: boolean): void => {
    for (const edge of edgesOf(entry)) {
      const path = resolveIn(repoPackages, from, edge.name);
      const optional = viaOptional || edge.optional;
      if (path === undefined) {
        if (optional) continue;
        throw new Error(
          `${edge.name} (needed from ${from || packed.name}) is not in package-lock.json`,
        );
      }
      if (optional ? reached.has(path) : required.has(path)) continue;
      (optional ? reached : required).add(path);
      reached.add(path);
      visit(path, repoPackages[path]!, optional);
    }
  };
  visit('', packed, false);
  for (const name of Object.keys({ ...consumer.dependencies, ...consumer.devDependencies })) {
    if (name === packed.name) continue;
    const path = `node_modules/${name}`;
    const entry = repoPackages[path];
    if (entry === undefined) throw new Error(`${name} is not in package-lock.json`);
    required.add(path);
    reached.add(path);
    visit(path, entry, false);
  }

  const packages: Record<string, unknown> = {
    '': {
      name: consumer.name,
      version: consumer.version,
      ...(consumer.dependencies && { dependencies: consumer.dependencies }),
      ...(consumer.devDependencies && { devDependencies: consumer.devDependencies }),
    },
    [`node_modules/${packed.name}`]: {
      version: packed.version,
      resolved: input.tarballSpec,
      ...pick(packed, [
        'license',
        'dependencies',
        'peerDependencies',
        'peerDependenciesMeta',
        'bin',
        'engines',
      ]),
    },
  };
  for (const path of [...reached].sort()) {
    const entry = Object.fromEntries(
      Object.entries(repoPackages[path]!).filter(([field]) => !REPO_FLAGS.has(field)),
    );
    packages[path] = required.has(path) ? entry : { ...entry, optional: true };
  }
  return {
    name: consumer.name,
    version: consumer.version,
    lockfileVersion: 3,
    requires: true,
    packages,
  };
}

function pick(entry: LockEntry, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((f) => entry[f] !== undefined).map((f) => [f, entry[f]]));
}
