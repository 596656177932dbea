import { readdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { iconListCall } from '@uc/contracts';
import { IMMUTABLE, NO_CACHE } from '../../http/static-hosting';
import { notFound } from '../../lib/errors';
import { implement, type CallImplementation } from '../../http/route-registrar';
import type { IconCatalogue } from './icon.catalogue';

export function iconCalls(icons: IconCatalogue): CallImplementation[] {
  return [implement(iconListCall, async ({ query }) => icons.page(query))];
}

/**
 * The font files at /user/web/iconfont/: the content-hashed font for a year (immutable), the
 * stylesheet revalidated on every load (a 304 costs a round trip, and a rebuilt font is picked up at
 * once because the stylesheet names the new font file).
 */
export function registerIconFont(app: FastifyInstance, icons: IconCatalogue): void {
  app.get<{ Params: { file: string } }>('/user/web/iconfont/:file', (req, reply) => {
    const { file } = req.params;
    let files: string[] = [];
    try {
      files = readdirSync(icons.dir);
    } catch {
      /* not built: answered below */
    }
    const known = /^iconfont(\.[0-9a-f]{8,})?\.(css|woff2)$/.test(file) && files.includes(file);
    if (!known) throw notFound('There is no icon font file {file}: reload the page, or build the font with pnpm --filter @uc/iconfont build', { file });
    void reply.header('Cache-Control', file.endsWith('.css') ? NO_CACHE : IMMUTABLE);
    return reply.sendFile(file, icons.dir, { cacheControl: false });
  });
}
