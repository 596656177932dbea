import { defineModule } from '../../http/module-plugin';
import { siteCalls } from './site.routes';

/** The site's public configuration, the captcha, and the platform's site settings. */
export const siteModule = defineModule('site', ({ db, config }) => siteCalls(db, config));
