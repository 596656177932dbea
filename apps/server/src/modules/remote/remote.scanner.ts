import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { localizedTitleSchema, remotePageSchema, type RemotePage } from '@uc/shared/contracts';

/** What a remote's build writes next to its mf-manifest.json (dist/uc-remote.json). */
export const remoteBuildInfoSchema = z.object({
  name: z.string().regex(/^[a-z][a-z0-9-]{0,63}$/, 'name must be lower-case letters, digits and dashes'),
  version: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'version must be letters, digits, dots and dashes'),
  routes: z.array(z.string().startsWith('/')).max(50),
  // Declared in the remote's package.json ("ucRemote"); a build made before declarations has none.
  title: localizedTitleSchema.default({}),
  icon: z.string().max(64).default(''),
  pages: z.array(remotePageSchema).max(50).default([]),
});

export interface LocalRemote {
  name: string;
  version: string;
  routes: string[];
  title: Record<string, string>;
  icon: string;
  pages: RemotePage[];
  /** The dist directory served at /user/web/remotes/<name>/<version>/. */
  dir: string;
}

export const localEntry = (r: { name: string; version: string }): string => `/user/web/remotes/${r.name}/${r.version}/mf-manifest.json`;

/** Finds the built remotes: WEB_DIR/<app>/dist/uc-remote.json. A broken file is reported, not fatal. */
export function scanRemotes(webDir: string, warn: (message: string) => void): LocalRemote[] {
  if (!existsSync(webDir)) return [];
  const found: LocalRemote[] = [];
  for (const entry of readdirSync(webDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const dir = join(webDir, entry.name, 'dist');
    const file = join(dir, 'uc-remote.json');
    if (!existsSync(file)) continue;
    try {
      const info = remoteBuildInfoSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
      found.push({ ...info, dir });
    } catch (err) {
      warn(`Skipping remote build ${file}: ${err instanceof Error ? err.message : String(err)}; rebuild that app`);
    }
  }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}
