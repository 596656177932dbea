import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { CallImplementation } from '../../http/route-registrar';
import type { RemoteCatalogue } from '../remote/remote.catalogue';
import { registerAddonFiles } from './addon-files';
import { AddonInstaller } from './addon-installer';
import { addonCalls } from './addon.routes';
import { MarketCatalogue } from './market-catalogue';
import { sharedVersionsOf } from './shared-versions';

declare module 'fastify' {
  interface FastifyInstance {
    /** The addon install jobs (tests wait for them with `addons.idle()`). */
    addons: AddonInstaller;
  }
}

/**
 * The application market and installed addons (issue 15): the catalogue, the install jobs, the files
 * of installed versions at /user/web/remotes/addons/, and the calls. `db` is the system connection (jobs run
 * outside requests); the calls use their request's transaction.
 */
export function createAddons(app: FastifyInstance, deps: { config: Config; db: Db; remotes: RemoteCatalogue }): CallImplementation[] {
  const { config, db, remotes } = deps;
  const sharedVersions = sharedVersionsOf(config.webDir);
  const warn = (m: string) => app.log.warn(m);
  const catalogue = new MarketCatalogue(config.market, warn);
  const installer = new AddonInstaller({
    db,
    config: config.market,
    catalogue,
    console: () => ({ builtRemotes: remotes.list().map((r) => r.name), sharedVersions: sharedVersions() }),
    warn,
    info: (m) => app.log.info(m),
  });
  app.decorate('addons', installer);
  // Jobs in flight finish (or fail and say so) before the database closes under them.
  app.addHook('onClose', () => installer.idle());
  registerAddonFiles(app, config.market.addonsDir);
  return addonCalls({ installer, catalogue, addonsDir: config.market.addonsDir });
}
