import { defineModule } from '../../http/module-plugin';
import { authCalls } from './auth.routes';

/** Sign-in with a password, and sign-out. */
export const authModule = defineModule('auth', ({ db, config }) => authCalls(db, config));
