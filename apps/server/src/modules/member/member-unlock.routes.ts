import { memberUnlockCall } from '@uc/contracts';
import type { Config } from '../../config';
import { implement, type CallImplementation } from '../../http/route-registrar';
import { unlockConsole } from './member-unlock.service';

export { UNLOCK_WRONG_PASSWORD } from './member-unlock.service';

/** The lock screen's unlock, through the sign-in throttle (member-unlock.service.ts). */
export function memberUnlockCalls(config: Config): CallImplementation[] {
  return [
    implement(memberUnlockCall, async ({ db, session, body, req }) => {
      await unlockConsole(db, config.loginThrottle, session, body, req.ip);
      return null;
    }),
  ];
}
