import { defineModule } from '../../http/module-plugin';
import { onlineCalls } from './online.routes';

/** Who is signed in now. */
export const onlineModule = defineModule('online', () => onlineCalls());
