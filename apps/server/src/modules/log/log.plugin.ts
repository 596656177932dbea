import { defineModule } from '../../http/module-plugin';
import { logCalls } from './log.routes';

/** Sign-in and audit logs. */
export const logModule = defineModule('log', () => logCalls());
