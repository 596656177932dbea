import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A remote's build as the build preset writes it into WEB_DIR/<app>/dist, in miniature: uc-remote.json,
 * an mf-manifest.json naming its entry and one chunk, and those files. `text` goes into the chunk, so
 * a test can tell versions apart by what a file says. The old dist is removed first, as a deploy does.
 */
export function writeRemoteBuild(webDir: string, app: string, build: { name?: string; version: string; routes?: string[]; text?: string }): string {
  const name = build.name ?? app;
  const dist = join(webDir, app, 'dist');
  rmSync(dist, { recursive: true, force: true });
  mkdirSync(join(dist, 'static', 'js'), { recursive: true });
  const text = build.text ?? `${name} ${build.version}`;
  const chunk = `static/js/routes.${createHash('sha256').update(text).digest('hex').slice(0, 8)}.js`;
  writeFileSync(join(dist, chunk), `/* ${text} */`);
  writeFileSync(join(dist, 'remoteEntry.js'), `/* entry of ${text} */`);
  const container = `uc_${name.replace(/-/g, '_')}_${createHash('sha256').update(build.version).digest('hex').slice(0, 11)}`;
  writeFileSync(
    join(dist, 'mf-manifest.json'),
    JSON.stringify({
      id: container,
      name: container,
      metaData: { name: container, globalName: container, remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } },
      exposes: [{ name: 'routes', path: './routes', assets: { js: { sync: [chunk], async: [] }, css: { sync: [], async: [] } } }],
      shared: [],
    }),
  );
  writeFileSync(join(dist, 'uc-remote.json'), JSON.stringify({ name, version: build.version, routes: build.routes ?? [`/${name}`] }));
  return chunk;
}
