import { defineModule } from '../../http/module-plugin';
import { memberPasswordCalls } from './member-password.routes';
import { memberSessionCalls } from './member-session.routes';
import { memberUnlockCalls } from './member-unlock.routes';
import { memberWriteCalls } from './member-write.routes';
import { memberCalls } from './member.routes';

/** Users: the list, their writes, sessions, passwords and locks. */
export const memberModule = defineModule('member', ({ config }) => [
  ...memberCalls(),
  ...memberWriteCalls(),
  ...memberSessionCalls(),
  ...memberPasswordCalls(),
  ...memberUnlockCalls(config),
]);
