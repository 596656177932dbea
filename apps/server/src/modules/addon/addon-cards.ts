import semver from 'semver';
import {
  ADDON_ARCH,
  ADDON_SYSTEM,
  addonRoutes,
  addonVersionId,
  InstallStatus,
  type AddonManifest,
  type AppCard,
  type AppDetails,
  type AppJob,
  type AppVersion,
  type InstallStatusValue,
} from '@uc/contracts';
import { renderMessage, type MessageLocale } from '@uc/contracts/messages';
import { PACKAGE_FILES_SEGMENT } from './addon-files';
import { isRunning, type AddonRow, type AddonVersionRow } from './addon.repository';
import type { CatalogueEntry } from './market-catalogue';

/*
 * The application cards (spec section 3) and the details page, from what the market offers and what
 * this server has installed or kept. One card per addon name; its version is the newest on offer.
 */

export const JOB_DIED = 'The server stopped while this job ran: start it again';

/** What the server knows of one addon. */
export interface AddonFacts {
  name: string;
  offered: CatalogueEntry[];
  row?: AddonRow;
  kept: AddonVersionRow[];
  /** Its registry row is enabled. */
  enabled: boolean;
}

const newestFirst = (a: string, b: string) => semver.rcompare(a, b);

/** The installStatus a row stands for (a job that died with its server counts as failed). */
export function statusOf(row: AddonRow | undefined): InstallStatusValue {
  if (!row) return InstallStatus.notInstalled;
  if ((row.status === InstallStatus.downloading || row.status === InstallStatus.installing) && !isRunning(row)) return InstallStatus.failed;
  return row.status as InstallStatusValue;
}

function errorOf(row: AddonRow | undefined, locale: MessageLocale): string {
  if (!row) return '';
  if (statusOf(row) === InstallStatus.failed && row.status !== InstallStatus.failed) return renderMessage(JOB_DIED, undefined, locale);
  return row.status === InstallStatus.failed && row.error ? renderMessage(row.error, row.errorParams, locale) : '';
}

/** The best description of an addon: the installed version's manifest, else the newest offered package's, else a catalogue entry's fields. */
function describe(f: AddonFacts): { title: Record<string, string>; description: Record<string, string>; icon: string; manifest?: AddonManifest } {
  const installed = f.row?.version ? f.kept.find((k) => k.version === f.row!.version)?.manifest : undefined;
  const offeredManifest = f.offered.find((e) => e.manifest)?.manifest;
  const manifest = installed ?? offeredManifest ?? f.kept[0]?.manifest;
  if (manifest) return { title: manifest.title, description: manifest.description, icon: manifest.icon, manifest };
  const e = f.offered.find((x) => x.title) ?? f.offered[0];
  return { title: e?.title ?? { 'zh-CN': f.name, 'en-US': f.name }, description: e?.description ?? {}, icon: e?.icon ?? 'AppstoreOutlined' };
}

export function cardOf(f: AddonFacts, locale: MessageLocale): AppCard {
  const offered = [...f.offered].sort((a, b) => newestFirst(a.version, b.version));
  const localVersion = f.row?.version ?? '';
  const latest = offered[0]?.version ?? (localVersion || f.kept[0]?.version || '');
  const status = statusOf(f.row);
  const { title, description, icon } = describe(f);
  return {
    versionId: addonVersionId(f.name, latest),
    title,
    name: f.name,
    word: icon,
    system: ADDON_SYSTEM,
    arch: ADDON_ARCH,
    version: latest,
    localVersion,
    installStatus: status,
    updateStatus: localVersion && latest && semver.gt(latest, localVersion) ? 1 : 0,
    progress: status === InstallStatus.downloading || status === InstallStatus.installing ? f.row!.progress : status === InstallStatus.installed ? 100 : 0,
    error: errorOf(f.row, locale),
    enabled: Boolean(localVersion) && f.enabled,
    description,
    builtIn: false,
  };
}

/** Whether a card matches a keyword (name, titles, descriptions; case-insensitive). */
export function cardMatches(card: AppCard, keyword: string | undefined): boolean {
  if (!keyword) return true;
  const k = keyword.toLowerCase();
  return [card.name, ...Object.values(card.title), ...Object.values(card.description)].some((text) => text.toLowerCase().includes(k));
}

export function detailsOf(f: AddonFacts, viewed: string, locale: MessageLocale): AppDetails {
  const card = cardOf(f, locale);
  const keptManifest = f.kept.find((k) => k.version === viewed)?.manifest;
  const offered = f.offered.find((e) => e.version === viewed);
  const m = keptManifest ?? offered?.manifest ?? describe(f).manifest;
  const versions = new Map<string, AppVersion>();
  for (const e of f.offered) {
    versions.set(e.version, {
      versionId: addonVersionId(f.name, e.version),
      version: e.version,
      changelog: e.manifest?.changelog ?? e.changelog ?? '',
      available: true,
      kept: false,
      current: false,
      size: e.size,
    });
  }
  for (const k of f.kept) {
    const v = versions.get(k.version);
    versions.set(k.version, {
      versionId: addonVersionId(f.name, k.version),
      version: k.version,
      changelog: k.manifest.changelog ?? v?.changelog ?? '',
      available: v?.available ?? false,
      kept: true,
      current: false,
      size: k.size,
    });
  }
  const current = f.row?.version;
  if (current && versions.has(current)) versions.get(current)!.current = true;
  const screenshots = keptManifest
    ? (keptManifest.screenshots ?? []).map((file) => `/user/web/remotes/addons/${f.name}/${viewed}/${PACKAGE_FILES_SEGMENT}/${file}`)
    : (offered?.screenshots ?? []);
  return {
    ...card,
    screenshots,
    author: m?.author ?? '',
    homepage: m?.homepage ?? '',
    routes: m ? addonRoutes(m) : [],
    pages: (m?.pages ?? []).filter((p) => !p.hidden).map((p) => ({ path: p.path, title: p.title })),
    shared: m?.shared ?? {},
    versions: [...versions.values()].sort((a, b) => newestFirst(a.version, b.version)),
    viewedVersion: viewed,
  };
}

export function jobOf(row: AddonRow, locale: MessageLocale): AppJob {
  return {
    name: row.name,
    kind: (['install', 'update', 'rollback'].includes(row.jobKind) ? row.jobKind : 'install') as AppJob['kind'],
    version: row.jobVersion,
    installStatus: statusOf(row),
    progress: statusOf(row) === InstallStatus.installed ? 100 : row.progress,
    error: errorOf(row, locale),
    startedAt: (row.jobStartedAt ?? row.updatedAt).toISOString(),
    installingAt: row.jobInstallingAt?.toISOString() ?? null,
    finishedAt: row.jobFinishedAt?.toISOString() ?? null,
  };
}
