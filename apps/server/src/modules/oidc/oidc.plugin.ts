import { defineModule } from '../../http/module-plugin';
import { oidcCalls } from './oidc.routes';

/** Sign-in through OpenID Connect providers. */
export const oidcModule = defineModule('oidc', ({ db, config }) => oidcCalls(db, config));
