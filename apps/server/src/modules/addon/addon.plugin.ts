import { defineModule } from '../../http/module-plugin';
import { createAddons } from './addon.module';

/** The market and the addons installed from it (their files and installer start here). */
export const addonModule = defineModule('addon', ({ config, db, remotes }, app) => createAddons(app, { config, db, remotes }));
