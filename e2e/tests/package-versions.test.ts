import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { isPublished, recordReleases, versionProblems } from '../../scripts/package-versions.mjs';

/*
 * Issue 27, point 4: the check `pnpm lint` runs (scripts/package-versions.mjs): a published package whose
 * files changed since its release needs a changeset, a version moves only through a recorded release,
 * and what is no source (tests, the changelog, build output, private apps) never asks for one. On a
 * repository of its own, as CI's clean clone would have it (no network, no history needed).
 */
const root = mkdtempSync(join(tmpdir(), 'uc-versions-'));
after(() => rmSync(root, { recursive: true, force: true }));

const write = (file: string, content: string) => {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), content);
};
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'pipe' });
const manifest = (version: string) => JSON.stringify({ name: '@uc/a', version, files: ['src', '!src/**/*.test.ts'] }, null, 2);

write('.gitignore', 'dist/\n');
write('packages/a/package.json', manifest('1.0.0'));
write('packages/a/src/index.ts', 'export const a = 1;\n');
write('packages/a/src/index.test.ts', 'test\n');
write('packages/a/dist/index.js', 'built\n');
write('apps/web/package.json', JSON.stringify({ name: '@uc/web', version: '0.1.0', private: true }));
write('apps/web/src/main.ts', 'main\n');
git('init', '-q');
git('add', '.');
git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'start');

describe('scripts/package-versions.mjs', () => {
  it('wants a first release recorded, then is satisfied', () => {
    assert.match(versionProblems(root).join('\n'), /@uc\/a \(packages\/a\) has no recorded release/);
    assert.deepEqual(recordReleases(root), ['@uc/a@1.0.0']);
    assert.deepEqual(versionProblems(root), []);
  });

  it('ignores what a package does not publish: tests, the changelog, build output; and private apps', () => {
    write('packages/a/src/index.test.ts', 'another test\n');
    write('packages/a/CHANGELOG.md', '# @uc/a\n');
    write('packages/a/dist/index.js', 'built again\n');
    write('apps/web/src/main.ts', 'main changed\n');
    assert.deepEqual(versionProblems(root), []);
  });

  it('refuses a changed source file, or a new one, without a changeset, and accepts it with one', () => {
    write('packages/a/src/index.ts', 'export const a = 2;\n');
    assert.match(versionProblems(root).join('\n'), /@uc\/a \(packages\/a\) changed since its release 1\.0\.0, and no changeset says how: run pnpm changeset/);
    write('packages/a/src/index.ts', 'export const a = 1;\n');
    assert.deepEqual(versionProblems(root), []);
    write('packages/a/src/more.ts', 'export const b = 1;\n');
    assert.equal(versionProblems(root).length, 1, 'a new file is a change too');
    write('.changeset/brave-cats.md', "---\n'@uc/a': minor\n---\n\nAdds b.\n");
    assert.deepEqual(versionProblems(root), []);
  });

  it('moves a version only through a recorded release, and records none of a package changed at the same version', () => {
    assert.throws(() => recordReleases(root), /@uc\/a changed but is still 1\.0\.0: run changeset version first/);
    // What `changeset version` does: the version bumped, the changeset consumed.
    write('packages/a/package.json', manifest('1.1.0'));
    rmSync(join(root, '.changeset', 'brave-cats.md'));
    assert.match(versionProblems(root).join('\n'), /@uc\/a is 1\.1\.0 in packages\/a\/package\.json, but its last recorded release is 1\.0\.0/);
    assert.deepEqual(recordReleases(root), ['@uc/a@1.1.0']);
    assert.deepEqual(versionProblems(root), []);
  });

  it('reads package.json "files" as npm does', () => {
    const files = ['src', '!src/**/*.test.ts', 'bin/*.mjs'];
    assert.equal(isPublished('src/a/b.ts', files), true);
    assert.equal(isPublished('src/a/b.test.ts', files), false);
    assert.equal(isPublished('bin/x.mjs', files), true);
    assert.equal(isPublished('bin/x.js', files), false);
    assert.equal(isPublished('jest.config.cjs', files), false);
    assert.equal(isPublished('package.json', files), true);
    assert.equal(isPublished('README.md', files), true);
    assert.equal(isPublished('CHANGELOG.md', files), false);
  });
});
