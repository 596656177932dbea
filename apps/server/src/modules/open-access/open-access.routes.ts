import {
  demoLoginCall,
  openAccessDeleteCall,
  openAccessEditCall,
  openAccessListCall,
  openAccessRotateCall,
  openAccessStatusCall,
  openAccessViewCall,
  openLoginCall,
} from '@uc/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { implement, type CallImplementation } from '../../http/route-registrar';
import { demoLogin } from './demo.service';
import { deleteKey, listKeys, rotateKey, saveKey, setKeyStatus, viewKey } from './open-access.service';
import { openLogin } from './open-login.service';
import type { SecretBox } from './secret-box';

/** The open access key screen, the signed open access sign-in and the demo sign-in. */
export function openAccessCalls(db: Db, config: Config, box: SecretBox): CallImplementation[] {
  const client = (req: { ip: string; headers: { 'user-agent'?: string } }) => ({ ip: req.ip, userAgent: req.headers['user-agent'] ?? '' });
  return [
    implement(openAccessListCall, async ({ db: tx, session, query }) => listKeys(tx, session, query)),
    implement(openAccessViewCall, async ({ db: tx, session, query }) => viewKey(tx, session, query.id)),
    implement(openAccessEditCall, async ({ db: tx, session, body, reply }) => {
      void reply.header('Cache-Control', 'no-store');
      return saveKey(tx, box, session, body);
    }),
    implement(openAccessRotateCall, async ({ db: tx, session, body, reply }) => {
      void reply.header('Cache-Control', 'no-store');
      return rotateKey(tx, box, session, body.id);
    }),
    implement(openAccessStatusCall, async ({ db: tx, session, body }) => {
      await setKeyStatus(tx, session, body.id, body.status);
      return { id: body.id, status: body.status };
    }),
    implement(openAccessDeleteCall, async ({ db: tx, session, body }) => {
      await deleteKey(tx, session, body.id);
      return { id: body.id };
    }),
    // System connection: the tenant is what the key tells (reviewed bypass, like every sign-in).
    implement(openLoginCall, async ({ body, req }) =>
      openLogin(db, box, { ...body, ...client(req), ttlHours: config.sessionTtlHours, throttle: config.loginThrottle }),
    ),
    implement(demoLoginCall, async ({ req }) => demoLogin(db, { configured: config.demoMode, ttlHours: config.sessionTtlHours, ...client(req) })),
  ];
}
