import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { ADDON_MANIFEST_FILE, type AddonManifestInput } from '@uc/contracts';

/*
 * Test packages, made the way `pnpm pack` makes them (gzip over ustar, files under package/), by a
 * tiny tar writer: the tests build every package they install, with no network and no toolchain.
 */

export interface TarEntry {
  path: string;
  data?: Buffer | string;
  /** '0' file (default), '5' directory, '1' hard link, '2' symbolic link. */
  type?: '0' | '5' | '1' | '2';
  linkTarget?: string;
}

function header(name: string, size: number, type: string, linkTarget = '', prefix = ''): Buffer {
  const h = Buffer.alloc(512);
  h.write(name, 0, 100, 'utf8');
  h.write('0000644\0', 100, 'ascii');
  h.write('0000000\0', 108, 'ascii');
  h.write('0000000\0', 116, 'ascii');
  h.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 'ascii');
  h.write(
    `${Math.floor(Date.UTC(1985, 9, 26) / 1000)
      .toString(8)
      .padStart(11, '0')}\0`,
    136,
    'ascii',
  );
  h.write('        ', 148, 'ascii');
  h.write(type, 156, 'ascii');
  h.write(linkTarget, 157, 100, 'utf8');
  h.write('ustar\0', 257, 'ascii');
  h.write('00', 263, 'ascii');
  h.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const b of h) sum += b;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return h;
}

const pad = (b: Buffer) => Buffer.concat([b, Buffer.alloc((512 - (b.length % 512)) % 512)]);

/** A .tgz of these entries, paths as given (so a test can write a bad one). */
export function tarGz(entries: readonly TarEntry[]): Buffer {
  const blocks: Buffer[] = [];
  for (const e of entries) {
    const data = Buffer.from(e.data ?? '');
    let name = e.path;
    let prefix = '';
    if (Buffer.byteLength(name) > 100) {
      // ustar's prefix field takes the directories, up to 155 bytes.
      const cut = name.lastIndexOf('/', 155);
      prefix = name.slice(0, cut);
      name = name.slice(cut + 1);
    }
    blocks.push(header(name, e.type === '5' || e.type === '1' || e.type === '2' ? 0 : data.length, e.type ?? '0', e.linkTarget, prefix));
    if ((e.type ?? '0') === '0') blocks.push(pad(data));
  }
  blocks.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks));
}

/** A valid manifest for `name`@`version` with one page at /<name>/home, merged with `over`. */
export function testManifest(name: string, version: string, over: Partial<AddonManifestInput> = {}): AddonManifestInput {
  return {
    name,
    version,
    title: { 'zh-CN': `${name} 应用`, 'en-US': `${name} app` },
    icon: 'AppstoreOutlined',
    description: { 'zh-CN': `${name} 的说明`, 'en-US': `About ${name}` },
    pages: [
      {
        path: `/${name}/home`,
        title: { 'zh-CN': '首页', 'en-US': 'Home' },
        icon: 'HomeOutlined',
        permissions: [`/${name}/api/list`],
        buttons: [{ title: { 'zh-CN': '新增', 'en-US': 'Create' }, permissions: [`/${name}/api/edit`] }],
      },
    ],
    shared: { react: '^19.0.0', antd: '^6.0.0' },
    changelog: `## ${version}\n\n- Release ${version}`,
    ...over,
  };
}

/** An addon package as `pnpm pack` would make it: package.json, uc-addon.json and dist/. */
export function addonPackage(
  manifest: AddonManifestInput,
  extra: { files?: Record<string, string>; entries?: TarEntry[]; withoutManifest?: boolean; withoutDist?: boolean } = {},
): Buffer {
  const entries: TarEntry[] = [
    { path: 'package/package.json', data: JSON.stringify({ name: `@acme/${manifest.name}`, version: manifest.version }) },
    ...(extra.withoutManifest ? [] : [{ path: `package/${ADDON_MANIFEST_FILE}`, data: JSON.stringify(manifest) }]),
    ...(extra.withoutDist
      ? []
      : [
          {
            path: 'package/dist/mf-manifest.json',
            data: JSON.stringify({ id: manifest.name, name: manifest.name, metaData: { buildInfo: { buildVersion: manifest.version } } }),
          },
          { path: 'package/dist/remoteEntry.js', data: `/* ${manifest.name} ${manifest.version} */` },
          {
            path: `package/dist/static/js/main.${createHash('sha256').update(`${manifest.name}${manifest.version}`).digest('hex').slice(0, 8)}.js`,
            data: 'export {}',
          },
        ]),
    ...Object.entries(extra.files ?? {}).map(([path, data]) => ({ path: `package/${path}`, data })),
    ...(extra.entries ?? []),
  ];
  return tarGz(entries);
}

export const sha256Of = (b: Buffer): string => createHash('sha256').update(b).digest('hex');
