import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SECCOMP_FILTERS, SECCOMP_LIBRARY } from './seccomp-filters.js';

const script = new URL('../../scripts/build-seccomp-filters.py', import.meta.url).pathname;
const committed = new URL('./seccomp-filters.ts', import.meta.url).pathname;

/** libseccomp's Python bindings (Debian: python3-seccomp), which build the filters. */
function hasLibseccomp(): boolean {
  return spawnSync('/usr/bin/python3', ['-c', 'import seccomp'], { stdio: 'ignore' }).status === 0;
}

const canBuild = process.platform === 'linux' && hasLibseccomp();
if (!canBuild && process.env.ENDSTATE_REQUIRE_SANDBOX === '1') {
  throw new Error(
    "ENDSTATE_REQUIRE_SANDBOX=1 and libseccomp's Python bindings are missing: apt-get install python3-seccomp",
  );
}

describe('the seccomp filters', () => {
  it.runIf(canBuild)('are exactly what libseccomp builds from the script today', () => {
    const built = spawnSync('/usr/bin/python3', [script, '--stdout'], { encoding: 'utf8' });
    expect(built.stderr).toBe('');
    expect(built.stdout).toBe(readFileSync(committed, 'utf8'));
  });

  it('hold one BPF program per supported processor, whole instructions of 8 bytes', () => {
    expect(Object.keys(SECCOMP_FILTERS).sort()).toEqual(['arm64', 'x64']);
    for (const filter of Object.values(SECCOMP_FILTERS)) {
      const bytes = Buffer.from(filter, 'base64');
      expect(bytes.length % 8).toBe(0);
      expect(bytes.length / 8).toBeGreaterThan(50);
    }
    expect(SECCOMP_LIBRARY).toMatch(/^libseccomp \d+\.\d+\.\d+$/);
  });
});
