import type { LoginResult } from '@uc/contracts';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { hashPassword, openSession, type ClientInfo } from '../auth/auth.service';
import { logAttempt } from '../security/login-log.repository';
import { readSettings } from '../site/settings.repository';
import { LOGIN_CONFIG_DEFAULTS } from '../site/site.settings';
import { demoSignInUser, ensureDemoUser } from './demo.repository';

export const DEMO_OFF = 'Demo mode is off on this server: sign in with an account (an administrator can turn demo mode on with DEMO_MODE=true)';

/** Demo mode: DEMO_MODE, or the site setting loginConfig.demoMode. */
export async function demoModeOn(db: Db, configured: boolean): Promise<boolean> {
  return configured || (await readSettings(db, LOGIN_CONFIG_DEFAULTS)).demoMode;
}

/** Signs the demo account in (system connection: reviewed bypass, as for every sign-in). */
export async function demoLogin(db: Db, input: { configured: boolean; ttlHours: number } & ClientInfo): Promise<LoginResult> {
  const client = { ip: input.ip, userAgent: input.userAgent };
  if (!(await demoModeOn(db, input.configured))) {
    await logAttempt(db, { method: 'demo', username: 'demo', ...client, reason: 'demo_off' });
    throw notFound(DEMO_OFF);
  }
  // A password nobody knows: the demo account is only ever signed in here.
  const userId = await ensureDemoUser(db, () => hashPassword(randomBytes(24).toString('base64url')));
  const user = await demoSignInUser(db, userId);
  return openSession(db, user!, 'demo', client, input.ttlHours, { readOnly: true });
}
