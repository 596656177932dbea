import { ADDON_ARCH, ADDON_SYSTEM, addonVersionId, InstallStatus, SEMVER_PATTERN, type AppCard, type AppDetails, type RemotePage } from '@uc/contracts';
import type { RemoteRow } from '../remote/remote.repository';

/*
 * The console's own areas (the remotes built with it: org, permission, tenant, home, market) as
 * application cards, so the market shows what a console already has beside what it may install. They
 * are installed by the console's own build, so no card of theirs offers install, update or removal.
 */

/** A registry row as allRemotes reads it. */
export type BuiltInRemote = RemoteRow & { enabled: boolean };

/**
 * The version in a card's versionId, which must be semantic: a build's version (0.1.0-f7b2e9a5) is,
 * unless its hash happens to be all digits with a leading zero; then its release part stands in.
 */
export function builtInVersionId(row: Pick<BuiltInRemote, 'name' | 'version'>): string {
  const version = SEMVER_PATTERN.test(row.version) ? row.version : (/^\d+\.\d+\.\d+/.exec(row.version)?.[0] ?? '0.0.0');
  return addonVersionId(row.name, version);
}

const shownPages = (row: BuiltInRemote): RemotePage[] => row.pages.filter((p) => !p.hidden);

/** Chinese and Japanese list with 、, the others with a comma. */
const separator = (locale: string) => (/^(zh|ja)\b/.test(locale) ? '、' : ', ');

/** What an area holds, in each locale its pages are titled in: the titles of its pages (用户管理、部门管理、岗位管理). */
export function builtInDescription(row: BuiltInRemote): Record<string, string> {
  const pages = shownPages(row);
  const locales = new Set(pages.flatMap((p) => Object.keys(p.title)));
  return Object.fromEntries([...locales].map((locale) => [locale, pages.map((p) => p.title[locale] ?? p.title['en-US'] ?? p.path).join(separator(locale))]));
}

export function builtInCardOf(row: BuiltInRemote): AppCard {
  const title = Object.keys(row.title ?? {}).length > 0 ? row.title : { 'zh-CN': row.name, 'en-US': row.name };
  return {
    versionId: builtInVersionId(row),
    title,
    name: row.name,
    word: row.icon || 'AppstoreOutlined',
    system: ADDON_SYSTEM,
    arch: ADDON_ARCH,
    version: row.version,
    localVersion: row.version,
    installStatus: InstallStatus.installed,
    updateStatus: 0,
    progress: 100,
    error: '',
    enabled: row.enabled,
    description: builtInDescription(row),
    builtIn: true,
  };
}

export function builtInDetailsOf(row: BuiltInRemote): AppDetails {
  const card = builtInCardOf(row);
  return {
    ...card,
    screenshots: [],
    author: '',
    homepage: '',
    routes: row.routes,
    pages: shownPages(row).map((p) => ({ path: p.path, title: p.title })),
    shared: row.shared,
    // One version: the build this console runs. Nothing to install or roll back to.
    versions: [{ versionId: card.versionId, version: row.version, changelog: '', available: false, kept: false, current: true, size: 0 }],
    viewedVersion: row.version,
  };
}

/**
 * Which areas the caller is shown, and with which pages: the super administrator every area whole;
 * anybody else the enabled areas with a page in their menus, with those pages only (a tenant's
 * administrator sees the tenant area for its 平台绑定, not the platform's tenant screens).
 */
export function builtInShownTo(rows: readonly BuiltInRemote[], caller: { isSuperAdmin: boolean; menuPaths: ReadonlySet<string> }): BuiltInRemote[] {
  if (caller.isSuperAdmin) return [...rows];
  return rows
    .filter((r) => r.enabled)
    .map((r) => ({ ...r, pages: r.pages.filter((p) => caller.menuPaths.has(p.path) || (p.accessAs !== undefined && caller.menuPaths.has(p.accessAs))) }))
    .filter((r) => r.pages.some((p) => !p.hidden));
}
