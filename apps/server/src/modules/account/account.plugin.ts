import { defineModule } from '../../http/module-plugin';
import { accountCalls } from './account.routes';

/** SMS codes, sign-in by mobile, the password reset by SMS and registration. */
export const accountModule = defineModule('account', ({ db, config, sms }) => accountCalls(db, config, sms));
