import { remotesCall } from '@uc/contracts';
import type { Db } from '../../db/client';
import { implement, type CallImplementation } from '../../http/route-registrar';
import { requestLocale } from '../../lib/request-locale';
import type { RemoteCatalogue } from './remote.catalogue';
import { registryEntries } from './remote-refusal';
import { enabledRemotes } from './remote.repository';

export function remoteCalls(db: Db, catalogue: RemoteCatalogue): CallImplementation[] {
  return [
    implement(remotesCall, async ({ reply, req }) => {
      await catalogue.refreshIfStale();
      // The shell must see a redeployed remote on its next load.
      void reply.header('Cache-Control', 'no-cache');
      return registryEntries(await enabledRemotes(db), catalogue.consoleVersions(), requestLocale(req));
    }),
  ];
}
