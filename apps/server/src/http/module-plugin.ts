import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { IconCatalogue } from '../modules/icon/icon.catalogue';
import type { SecretBox } from '../modules/open-access/secret-box';
import type { RemoteCatalogue } from '../modules/remote/remote.catalogue';
import type { SmsDriver } from '../modules/sms/sms.driver';
import type { CallImplementation } from './pipeline/implement';

/*
 * A module of the server as app.ts lists it: its name and the implementations of its calls, made from
 * what the server shares (ModuleDeps). app.ts lists every module once and hands all their calls to
 * registerCalls together, which refuses to start unless they are exactly the contract catalogue.
 * Not app.register() plugins: the catalogue check needs every call at once, and the calls share one
 * pipeline (route-registrar.ts), so a plugin's own encapsulated context would hold nothing.
 */

/** What the server shares with its modules, made once in app.ts. */
export interface ModuleDeps {
  config: Config;
  database: Database;
  /** database.db: the system connection, for the public calls that need one. */
  db: Db;
  sms: SmsDriver;
  icons: IconCatalogue;
  /** Encrypts the secrets the server keeps (open-access apps, platform bindings). */
  box: SecretBox;
  remotes: RemoteCatalogue;
  /** DATA_DIR/uploads. */
  uploadDir: string;
}

export interface ModulePlugin {
  name: string;
  /** The module's calls; a module with hooks of its own (addons, the dashboard's metrics) adds them to `app` here. */
  calls(deps: ModuleDeps, app: FastifyInstance): CallImplementation[];
}

export const defineModule = (name: string, calls: ModulePlugin['calls']): ModulePlugin => ({ name, calls });

/** The calls of every module, in the order listed; a module listed twice stops start-up. */
export function callsOf(app: FastifyInstance, modules: readonly ModulePlugin[], deps: ModuleDeps): CallImplementation[] {
  const seen = new Set<string>();
  return modules.flatMap((m) => {
    if (seen.has(m.name)) throw new Error(`The module ${m.name} is listed twice in app.ts: keep one`);
    seen.add(m.name);
    return m.calls(deps, app);
  });
}
