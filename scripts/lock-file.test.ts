import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * `npm ci` refuses a lock file that leaves out any optional dependency of a locked package, and a
 * lock written on one platform tends to leave out the others' native binaries (tailwind's oxide,
 * unrs-resolver, lightningcss). This checks the lock the way `npm ci` does, on every platform.
 */
type LockEntry = {
  version?: string;
  optionalDependencies?: Record<string, string>;
  dependencies?: Record<string, string>;
  hasInstallScript?: boolean;
};
const root = new URL('..', import.meta.url);
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as {
  packages: Record<string, LockEntry>;
};
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
  overrides?: Record<string, unknown>;
  allowScripts?: Record<string, boolean>;
};

/** Node's lookup: the package's own node_modules, then each parent's, up to the root. */
function resolve(fromKey: string, name: string): LockEntry | undefined {
  let base = fromKey;
  for (;;) {
    const entry = lock.packages[base ? `${base}/node_modules/${name}` : `node_modules/${name}`];
    if (entry) return entry;
    if (!base) return undefined;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

describe('package-lock.json', () => {
  it('locks every optional dependency of every locked package, for every platform', () => {
    const missing = Object.entries(lock.packages).flatMap(([key, entry]) =>
      Object.keys(entry.optionalDependencies ?? {})
        .filter((name) => !resolve(key, name))
        .map((name) => `${key || '(root)'} -> ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('locks no dependency that a package asks for by a moving tag', () => {
    const tagged = Object.entries(lock.packages).flatMap(([key, entry]) =>
      Object.entries({ ...entry.dependencies, ...entry.optionalDependencies })
        .filter(([, range]) => /^[a-z]/i.test(range) && !/^(npm|file|git|https?):/.test(range))
        .map(([name]) => ({ key, name })),
    );
    // Each one must be pinned by an `overrides` entry, so that an install is repeatable.
    const unpinned = tagged.filter(({ key, name }) => {
      const owner = key.replace(/^.*node_modules\//, '');
      const scoped = manifest.overrides?.[owner];
      return (
        !(typeof scoped === 'object' && scoped !== null && name in scoped) && !(name in (manifest.overrides ?? {}))
      );
    });
    expect(unpinned).toEqual([]);
  });

  // npm 11 lists every package whose install scripts `allowScripts` does not cover, on every
  // install. Entries are by name: a version-pinned entry is not matched with this lock file (its
  // packages carry no `resolved` URL), so the warning would stay.
  it('declares by name, in allowScripts, every locked package that runs an install script', () => {
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([key]) => key.replace(/^.*node_modules\//, ''));
    expect(withScripts.length).toBeGreaterThan(0);
    const undeclared = withScripts.filter((name) => manifest.allowScripts?.[name] !== true);
    expect(undeclared).toEqual([]);
  });
});
