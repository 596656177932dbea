import { defineModule } from '../../http/module-plugin';
import { platformBindCalls } from './platform-bind.routes';

/** The caller's binding to an account on another platform instance. */
export const platformBindModule = defineModule('platform-bind', ({ box, config }) => platformBindCalls(box, config));
