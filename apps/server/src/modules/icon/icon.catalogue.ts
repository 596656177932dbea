import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { IconEntry } from '@uc/contracts';
import { unavailable } from '../../lib/errors';
import { serverRoot } from '../../lib/server-root';

/** The built icon font of @uc/iconfont (packages/iconfont/dist): font, stylesheet and glyph list. */
export function iconFontDir(): string {
  const require = createRequire(join(serverRoot(), 'package.json'));
  return join(dirname(require.resolve('@uc/iconfont/package.json')), 'dist');
}

/** The glyph list, read once; a missing build is a 503 that says how to make it. */
export class IconCatalogue {
  private icons: IconEntry[] | undefined;
  constructor(readonly dir: string) {}

  list(): IconEntry[] {
    if (this.icons) return this.icons;
    const file = join(this.dir, 'icons.json');
    if (!existsSync(file)) throw unavailable('The icon font is not built ({file} is missing): run pnpm --filter @uc/iconfont build', { file });
    this.icons = JSON.parse(readFileSync(file, 'utf8')) as IconEntry[];
    return this.icons;
  }

  /** One page of the glyphs whose class contains `name` (case-insensitive), in font order. */
  page(q: { page: number; pageSize: number; name?: string }): {
    list: IconEntry[];
    page: number;
    pageSize: number;
    total: number;
    totalExact: boolean;
    next: null;
  } {
    const name = q.name?.toLowerCase().replace(/^icon-/, '');
    const hits = name ? this.list().filter((i) => i.font_class.includes(name)) : this.list();
    const start = (q.page - 1) * q.pageSize;
    return { list: hits.slice(start, start + q.pageSize), page: q.page, pageSize: q.pageSize, total: hits.length, totalExact: true, next: null };
  }
}
