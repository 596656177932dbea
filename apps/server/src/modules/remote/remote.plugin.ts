import { defineModule } from '../../http/module-plugin';
import { remoteCalls } from './remote.routes';

/** The registry of remotes the console loads. */
export const remoteModule = defineModule('remote', ({ db, remotes }) => remoteCalls(db, remotes));
