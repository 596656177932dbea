import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The apps/server directory, found by walking up from this file to the package.json of @uc/server:
 * the same answer from src/ (tsx), from dist/ (the bundle) and from tests.
 */
export function findServerRoot(start: string): string {
  let dir = start;
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === '@uc/server') return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the @uc/server package above ${start}: run the server from its package`);
    dir = parent;
  }
}
