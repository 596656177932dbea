import { defineModule } from '../../http/module-plugin';
import { upgradeLogCalls } from './upgrade-log.routes';

/** The console's upgrade log. */
export const upgradeLogModule = defineModule('upgrade-log', () => upgradeLogCalls());
