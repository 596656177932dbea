import { gzipSync } from 'node:zlib';
import { tarGz } from './addon.fixtures';
import { BAD_ENTRY, BAD_TAR, NOT_GZIP, PackageRefused, readPackage, TOO_BIG_UNPACKED, TOO_MANY_FILES, type TarLimits } from './tar-reader';

const limits: TarLimits = { maxUnpackedBytes: 1024 * 1024 };

async function refusal(tgz: Buffer, l = limits): Promise<PackageRefused> {
  try {
    await readPackage(tgz, l);
  } catch (err) {
    if (err instanceof PackageRefused) return err;
    throw err;
  }
  throw new Error('the package was not refused');
}

describe('the package reader', () => {
  it('reads the files under package/, by their path inside it, long paths included', async () => {
    const deep = `package/dist/${'a'.repeat(60)}/${'b'.repeat(60)}/chunk.js`;
    const files = await readPackage(
      tarGz([
        { path: 'package/', type: '5' },
        { path: 'package/uc-addon.json', data: '{"name":"x"}' },
        { path: 'package/dist/mf-manifest.json', data: '{}' },
        { path: deep, data: 'export {}' },
      ]),
      limits,
    );
    expect([...files.keys()].sort()).toEqual(['dist/mf-manifest.json', deep.slice('package/'.length), 'uc-addon.json'].sort());
    expect(files.get('uc-addon.json')!.toString()).toBe('{"name":"x"}');
  });

  it.each([
    ['a symbolic link', [{ path: 'package/dist/x', type: '2' as const, linkTarget: '/etc/passwd' }]],
    ['a hard link', [{ path: 'package/dist/x', type: '1' as const, linkTarget: 'package/uc-addon.json' }]],
    ['an absolute path', [{ path: '/etc/cron.d/evil', data: 'x' }]],
    ['a path climbing out with ..', [{ path: 'package/dist/../../../evil', data: 'x' }]],
    ['outside the package/ folder', [{ path: 'other/evil.js', data: 'x' }]],
  ])('refuses %s', async (problem, entries) => {
    const err = await refusal(tarGz(entries));
    expect(err.message).toBe(BAD_ENTRY);
    expect(err.params.problem).toBe(problem);
  });

  it('refuses what is not a gzip tarball, a broken header, and a package past the limits', async () => {
    expect((await refusal(Buffer.from('PK\u0003\u0004 a zip file'))).message).toBe(NOT_GZIP);
    const raw = Buffer.alloc(1024);
    raw.write('package/x', 0);
    raw.write('00000000001\0', 124);
    expect((await refusal(gzipSync(raw))).message).toBe(BAD_TAR);
    const big = tarGz([{ path: 'package/big.bin', data: Buffer.alloc(300 * 1024) }]);
    expect((await refusal(big, { maxUnpackedBytes: 200 * 1024 })).message).toBe(TOO_BIG_UNPACKED);
    // A bomb: a small .tgz inflating past the limit is stopped while inflating, not after.
    const bomb = gzipSync(Buffer.alloc(20 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(100 * 1024);
    expect((await refusal(bomb, { maxUnpackedBytes: 1024 * 1024 })).message).toBe(TOO_BIG_UNPACKED);
    const many = tarGz(Array.from({ length: 4 }, (_, i) => ({ path: `package/f${i}.js`, data: 'x' })));
    expect((await refusal(many, { maxUnpackedBytes: 1024 * 1024, maxFiles: 3 })).message).toBe(TOO_MANY_FILES);
  });
});
