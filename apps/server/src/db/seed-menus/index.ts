/**
 * The platform's menu catalogue, the one source of its entries: one entry per console route of spec
 * section 2, each with its locale key (the entry's key: unique, never reused) and the calls its screen
 * makes, named by their contracts (a permission is a call's address: a menu can only grant a call that
 * exists). Seeded whole into a fresh database and reconciled with an existing one at every start
 * (db/seed.ts, seedMenus): a new entry here reaches every database, with its grants, without a
 * migration. One file per top-level entry.
 */
import { addonsMenu } from './addons';
import { dashboardMenu } from './dashboard';
import { homeMenu } from './home';
import { monitorMenu } from './monitor';
import type { MenuSeed } from './menu-seed';
import { orgMenu } from './org';
import { permissionMenu } from './permission';
import { platformBindMenu } from './platform-bind';
import { systemMenu } from './system';
import { tenantMenu } from './tenant';

export type { MenuSeed } from './menu-seed';

// The order is the sidebar's: seeding numbers the entries in it.
export const MENU_SEED: MenuSeed[] = [dashboardMenu, orgMenu, permissionMenu, homeMenu, tenantMenu, platformBindMenu, addonsMenu, systemMenu, monitorMenu];
