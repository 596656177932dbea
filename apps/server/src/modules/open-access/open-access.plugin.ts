import { defineModule } from '../../http/module-plugin';
import { openAccessCalls } from './open-access.routes';

/** Open-access applications and their sign-in. */
export const openAccessModule = defineModule('open-access', ({ db, config, box }) => openAccessCalls(db, config, box));
