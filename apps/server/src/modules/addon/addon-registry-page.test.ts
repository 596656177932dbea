import { addonPageSchema } from '@uc/contracts';
import { registryPage } from './addon-installer';

const page = (extra: Record<string, unknown>) => addonPageSchema.parse({ path: '/acme/board', title: { 'zh-CN': '看板', 'en-US': 'Board' }, ...extra });

describe("an addon page's registry entry", () => {
  it('keeps a page every user opens governed by the tenant policy (byPolicy), as the console does its workplace', () => {
    expect(registryPage(page({ everyone: true, byPolicy: true }))).toEqual({
      path: '/acme/board',
      title: { 'zh-CN': '看板', 'en-US': 'Board' },
      everyone: true,
      byPolicy: true,
    });
  });

  it('drops byPolicy where it means nothing: a page roles grant', () => {
    expect(registryPage(page({ byPolicy: true }))).toEqual({ path: '/acme/board', title: { 'zh-CN': '看板', 'en-US': 'Board' } });
  });
});
