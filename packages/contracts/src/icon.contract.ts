import { z } from 'zod';
import { defineCall } from './define-call';
import { pagedOf } from './envelope';

/** The icon selector pages 40 icons at a time (spec section 9). */
export const ICON_PAGE_SIZE = 40;
/** Icon font family and class prefix (spec section 3): an icon renders as `<i class="iconfont icon-<font_class>">`. */
export const ICON_FONT_FAMILY = 'iconfont';
export const ICON_CLASS_PREFIX = 'icon-';
/** Where the server publishes the font's stylesheet (the font file beside it is content-hashed). */
export const ICON_FONT_CSS_PATH = '/user/web/iconfont/iconfont.css';

export const iconEntrySchema = z.object({ id: z.number().int(), font_class: z.string() });
export type IconEntry = z.infer<typeof iconEntrySchema>;

export const iconListCall = defineCall({
  method: 'GET',
  path: '/admin/admin/icon/list',
  access: 'permission',
  tag: 'icon',
  summary: 'Glyphs of the icon font, 40 per page from page 1, filtered by a part of the name.',
  query: z.object({
    page: z.coerce.number().int('The page number must be a whole number').min(1, 'The page number must be at least 1').max(100_000).default(1),
    pageSize: z.coerce
      .number()
      .int('The page size must be a whole number')
      .min(1, 'The page size must be at least 1')
      .max(100, 'The page size must be at most 100')
      .default(ICON_PAGE_SIZE),
    name: z.string().trim().max(64, 'The icon name must be at most 64 characters').optional(),
  }),
  data: pagedOf(iconEntrySchema),
});
