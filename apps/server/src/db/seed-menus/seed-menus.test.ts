import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONSOLE_AREAS, consoleAreaOf, MENU_NAMES, menuInputSchema, PERMISSION_CATALOGUE, remotePageSchema } from '@uc/contracts';
import { iconFontDir } from '../../modules/icon/icon.catalogue';
import { MENU_SEED, type MenuSeed } from '.';

const all = (entries: readonly MenuSeed[]): MenuSeed[] => entries.flatMap((m) => [m, ...all(m.children ?? [])]);

const grantedBy = (entries: readonly MenuSeed[]): string[] =>
  entries.flatMap((m) => [...(m.permissions ?? []).map((call) => call.path), ...grantedBy(m.children ?? [])]);

describe('seeded menu tree', () => {
  it('lets a role be granted every permission call of the catalogue (a new call needs a menu or button)', () => {
    const granted = new Set(grantedBy(MENU_SEED));
    expect(PERMISSION_CATALOGUE.filter((path) => !granted.has(path))).toEqual([]);
  });

  it("keys every entry by a locale key of its own (the seed's reconciliation knows entries by it: db/seed.ts)", () => {
    const keys = all(MENU_SEED).map((m) => m.locale);
    expect(keys.filter((k) => !/^menu(\.[A-Za-z0-9-]+)+$/.test(k))).toEqual([]);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it("names every entry as MENU_NAMES does in Chinese, and MENU_NAMES has its English (the screens show the reader's)", () => {
    const named = all(MENU_SEED).map((m) => ({ key: m.locale, name: m.name, zh: MENU_NAMES[m.locale]?.['zh-CN'], en: !!MENU_NAMES[m.locale]?.['en-US'] }));
    expect(named.filter((m) => m.zh !== m.name || !m.en)).toEqual([]);
    // And nothing more: a key of MENU_NAMES the seed has not is a leftover.
    const seeded = new Set(named.map((m) => m.key));
    expect(Object.keys(MENU_NAMES).filter((key) => !seeded.has(key))).toEqual([]);
  });

  it('grants only calls that check a permission (a public or session call needs no grant)', () => {
    const catalogue = new Set(PERMISSION_CATALOGUE);
    expect(grantedBy(MENU_SEED).filter((path) => !catalogue.has(path))).toEqual([]);
  });

  it('gives every entry an address the menu editor accepts (a console route, never another scheme or site)', () => {
    const address = menuInputSchema.pick({ path: true, redirect: true });
    const refused = all(MENU_SEED).filter((m) => !address.safeParse({ path: m.path ?? '', redirect: m.redirect ?? '' }).success);
    expect(refused.map((m) => [m.name, m.path, m.redirect])).toEqual([]);
  });

  it("takes the first-party remotes' declared pages as menu routes (the registry makes their entries)", () => {
    const apps = join(process.cwd(), '..');
    const pages = readdirSync(apps).flatMap((app) => {
      let pkg: { ucRemote?: { pages?: unknown[] } };
      try {
        pkg = JSON.parse(readFileSync(join(apps, app, 'package.json'), 'utf8')) as typeof pkg;
      } catch {
        return [];
      }
      return (pkg.ucRemote?.pages ?? []).map((page) => ({ app, page }));
    });
    expect(pages.length).toBeGreaterThan(20);
    const address = menuInputSchema.shape.path;
    const refused = pages.filter(({ page }) => {
      const parsed = remotePageSchema.safeParse(page);
      return !parsed.success || !address.safeParse(parsed.data.path).success;
    });
    expect(refused).toEqual([]);
    expect(remotePageSchema.safeParse({ path: 'javascript:alert(1)', title: {} }).success).toBe(false);
    expect(remotePageSchema.safeParse({ path: '//evil.example/x', title: {} }).success).toBe(false);
  });

  it("lies in the console's own areas, which no addon may take (CONSOLE_AREAS: the addon kit refuses them at build, the server at install)", () => {
    const outside = all(MENU_SEED).filter((m) => m.path && consoleAreaOf(m.path) === undefined);
    expect(outside.map((m) => [m.name, m.path])).toEqual([]);
    const apps = join(process.cwd(), '..');
    for (const app of ['shell', 'org', 'permission', 'tenant', 'home', 'market']) {
      expect(CONSOLE_AREAS).toContain(app);
      const pkg = JSON.parse(readFileSync(join(apps, app, 'package.json'), 'utf8')) as { ucRemote?: { pages?: { path: string }[] } };
      for (const page of pkg.ucRemote?.pages ?? []) expect([app, page.path, consoleAreaOf(page.path)]).toEqual([app, page.path, expect.any(String)]);
    }
  });

  it('draws every icon it names: the menu draws an antd name from the icon font when it has no SVG of its own (公告管理 had none)', () => {
    const glyphs = new Set((JSON.parse(readFileSync(join(iconFontDir(), 'icons.json'), 'utf8')) as { font_class: string }[]).map((g) => g.font_class));
    // The shell's rule (apps/shell/src/components/menu-icon.tsx): NotificationOutlined is the glyph notification-outlined.
    const glyphOf = (name: string) => (name.startsWith('icon-') ? name.slice(5) : name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase());
    const apps = join(process.cwd(), '..');
    const declared = ['home', 'market', 'org', 'permission', 'tenant'].flatMap((app) => {
      const pkg = JSON.parse(readFileSync(join(apps, app, 'package.json'), 'utf8')) as { ucRemote: { icon?: string; pages: { icon?: string }[] } };
      return [pkg.ucRemote.icon, ...pkg.ucRemote.pages.map((p) => p.icon)];
    });
    const icons = [...all(MENU_SEED).map((m) => m.icon), ...declared].filter((i): i is string => !!i);
    expect(icons).toContain('NotificationOutlined');
    expect(icons.filter((i) => !/^(icon-[a-z0-9-]+|[A-Z][A-Za-z0-9]*(Outlined|Filled))$/.test(i) || !glyphs.has(glyphOf(i)))).toEqual([]);
  });
});
