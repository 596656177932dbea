import { randomUUID } from 'node:crypto';
import {
  appDetailsCall,
  appInstallCall,
  appJobCall,
  appListCall,
  appPurgeCall,
  appRollbackCall,
  appStatusCall,
  appUninstallCall,
  appUpdateCall,
  parseVersionId,
} from '@uc/contracts';
import type { Db } from '../../db/client';
import { implement, type CallImplementation } from '../../http/route-registrar';
import { conflict, notFound } from '../../lib/errors';
import { requestLocale } from '../../lib/request-locale';
import type { Session } from '../auth/access';
import { ADDON_ENTRY_PREFIX, allRemotes, findRemote, removeRemote, setRemoteEnabled } from '../remote/remote.repository';
import { navigableMenus } from '../role/role-navigation.routes';
import { cardMatches, cardOf, detailsOf, jobOf, type AddonFacts } from './addon-cards';
import { hasVersionFiles } from './addon-files';
import { NOT_OFFERED, type AddonInstaller } from './addon-installer';
import { builtInCardOf, builtInDetailsOf, builtInShownTo, type BuiltInRemote } from './built-in-cards';
import { removeAddonMenus } from './addon-menus';
import { allAddons, claimJob, deleteAddon, findAddon, isRunning, keptVersion, keptVersions, markUninstalled, type AddonRow } from './addon.repository';
import type { MarketCatalogue } from './market-catalogue';

export const JOB_RUNNING = 'A job of {name} is running: wait until its card shows the result';
export const ALREADY_INSTALLED = '{name} is installed already (version {version}): update it instead';
export const NOT_INSTALLED = '{name} is not installed: install it from the market first';
export const SAME_VERSION = '{name} runs {version} already: pick another version';
export const NOT_KEPT = 'The server keeps no files of {name} {version}: roll back to a version listed as kept, or install that version from the market';
export const STILL_INSTALLED = '{name} is installed: uninstall it before purging its files';
export const UNKNOWN_ADDON = 'There is no addon {name} on this server or in the market';

/*
 * The platform's write calls (platformOnly) change platform rows: the pipeline runs them cross-tenant
 * (http/pipeline/tenant-scope.ts). The market's list and details are every signed-in caller's.
 */

/** What the calls need besides the request. */
export interface AddonCallDeps {
  installer: AddonInstaller;
  catalogue: MarketCatalogue;
  addonsDir: string;
}

/** The catalogue as it is now, without holding the request's transaction for a slow catalogue server. */
const CATALOGUE_WAIT_MS = 3000;

interface MarketFacts {
  addons: AddonFacts[];
  /** The console's own areas the caller is shown (built-in-cards.ts). */
  builtIn: BuiltInRemote[];
}

async function factsOf(db: Db, deps: AddonCallDeps, session: Session): Promise<MarketFacts> {
  const [offered, rows, kept, registry] = [await deps.catalogue.current(CATALOGUE_WAIT_MS), await allAddons(db), await keptVersions(db), await allRemotes(db)];
  const names = new Set<string>([...offered.map((e) => e.name), ...rows.map((r) => r.name), ...kept.map((k) => k.name)]);
  const addons = [...names].sort().map((name) => ({
    name,
    offered: offered.filter((e) => e.name === name),
    row: rows.find((r) => r.name === name),
    kept: kept.filter((k) => k.name === name),
    enabled: registry.some((r) => r.name === name && r.enabled && r.entry.startsWith(ADDON_ENTRY_PREFIX)),
  }));
  // The console's own areas: every registry row that is no addon and no name the market knows as one.
  const own = registry.filter((r) => !r.entry.startsWith(ADDON_ENTRY_PREFIX) && !names.has(r.name));
  const menuPaths = session.isSuperAdmin ? new Set<string>() : new Set((await navigableMenus(db, session)).map((m) => m.path));
  return { addons, builtIn: builtInShownTo(own, { isSuperAdmin: session.isSuperAdmin, menuPaths }) };
}

const installedRow = async (db: Db, name: string): Promise<AddonRow> => {
  const row = await findAddon(db, name);
  if (!row?.version) throw notFound(NOT_INSTALLED, { name });
  if (isRunning(row)) throw conflict(JOB_RUNNING, { name });
  return row;
};

export function addonCalls(deps: AddonCallDeps): CallImplementation[] {
  const { installer, catalogue } = deps;
  return [
    implement(appListCall, async ({ db, session, query, req }) => {
      const locale = requestLocale(req);
      const { addons, builtIn } = await factsOf(db, deps, session);
      // What may be installed first, then what the console has of its own.
      const list = [...addons.map((f) => cardOf(f, locale)), ...builtIn.map(builtInCardOf)].filter((c) => cardMatches(c, query.keyword));
      return { list, total: list.length };
    }),

    implement(appDetailsCall, async ({ db, session, query, req }) => {
      const { name, version } = parseVersionId(query.versionId);
      const { addons, builtIn } = await factsOf(db, deps, session);
      const facts = addons.find((f) => f.name === name);
      if (facts) return detailsOf(facts, version, requestLocale(req));
      // A built-in area has one version, the build it runs: an older address shows that one.
      const own = builtIn.find((r) => r.name === name);
      if (own) return builtInDetailsOf(own);
      throw notFound(UNKNOWN_ADDON, { name });
    }),

    implement(appInstallCall, async ({ db, body, req, reply, auditTarget }) => {
      const { name, version } = parseVersionId(body.versionId);
      auditTarget(body.versionId);
      const row = await findAddon(db, name);
      if (row && isRunning(row)) throw conflict(JOB_RUNNING, { name });
      if (row?.version) throw conflict(ALREADY_INSTALLED, { name, version: row.version });
      const offered = await catalogue.findNow(name, version, CATALOGUE_WAIT_MS);
      const kept = await keptVersion(db, name, version);
      if (!offered && !(kept && hasVersionFiles(deps.addonsDir, name, version))) throw notFound(NOT_OFFERED, { versionId: body.versionId });
      const ticket = { name, version, kind: 'install' as const, jobId: randomUUID() };
      const claimed = await claimJob(db, ticket);
      if (!claimed) throw conflict(JOB_RUNNING, { name });
      installer.startAfter(reply.raw, ticket);
      return jobOf(claimed, requestLocale(req));
    }),

    implement(appUpdateCall, async ({ db, body, req, reply, auditTarget }) => {
      auditTarget(body.versionId);
      const target = parseVersionId(body.versionId);
      if (target.name !== body.name) throw notFound(NOT_OFFERED, { versionId: body.versionId });
      const row = await installedRow(db, body.name);
      if (row.version === target.version) throw conflict(SAME_VERSION, { name: body.name, version: row.version });
      if (!(await catalogue.findNow(body.name, target.version, CATALOGUE_WAIT_MS))) throw notFound(NOT_OFFERED, { versionId: body.versionId });
      const ticket = { name: body.name, version: target.version, kind: 'update' as const, jobId: randomUUID() };
      const claimed = await claimJob(db, ticket);
      if (!claimed) throw conflict(JOB_RUNNING, { name: body.name });
      installer.startAfter(reply.raw, ticket);
      return jobOf(claimed, requestLocale(req));
    }),

    implement(appRollbackCall, async ({ db, body, req, reply, auditTarget }) => {
      auditTarget(`${body.name}@${body.version}`);
      const row = await installedRow(db, body.name);
      if (row.version === body.version) throw conflict(SAME_VERSION, { name: body.name, version: row.version });
      if (!(await keptVersion(db, body.name, body.version)) || !hasVersionFiles(deps.addonsDir, body.name, body.version))
        throw notFound(NOT_KEPT, { name: body.name, version: body.version });
      const ticket = { name: body.name, version: body.version, kind: 'rollback' as const, jobId: randomUUID() };
      if (!(await claimJob(db, ticket))) throw conflict(JOB_RUNNING, { name: body.name });
      // No download: the switch is made in this request's transaction, all of it or none.
      if (!(await installer.rollback(db, row, body.version, ticket.jobId))) throw conflict(JOB_RUNNING, { name: body.name });
      installer.sweepAfter(reply.raw, body.name);
      return jobOf((await findAddon(db, body.name))!, requestLocale(req));
    }),

    implement(appStatusCall, async ({ db, body, auditTarget }) => {
      auditTarget(body.name);
      await installedRow(db, body.name);
      const remote = await findRemote(db, body.name);
      if (!remote?.entry.startsWith(ADDON_ENTRY_PREFIX) || !(await setRemoteEnabled(db, body.name, body.enabled)))
        throw notFound(NOT_INSTALLED, { name: body.name });
      return null;
    }),

    implement(appUninstallCall, async ({ db, body, reply, auditTarget }) => {
      auditTarget(body.name);
      await installedRow(db, body.name);
      await removeAddonMenus(db, body.name);
      await removeRemote(db, body.name);
      await markUninstalled(db, body.name);
      // The last version's files stay (a reinstall needs no download) until purged; older ones go.
      installer.sweepAfter(reply.raw, body.name);
      return null;
    }),

    implement(appPurgeCall, async ({ db, body, reply, auditTarget }) => {
      auditTarget(body.name);
      const row = await findAddon(db, body.name);
      if (!row) throw notFound(UNKNOWN_ADDON, { name: body.name });
      if (isRunning(row)) throw conflict(JOB_RUNNING, { name: body.name });
      if (row.version) throw conflict(STILL_INSTALLED, { name: body.name });
      await deleteAddon(db, body.name);
      installer.sweepAfter(reply.raw, body.name);
      return null;
    }),

    implement(appJobCall, async ({ db, query, req }) => {
      const row = await findAddon(db, query.name);
      return row?.jobId ? jobOf(row, requestLocale(req)) : null;
    }),
  ];
}
