import { useEffect } from 'react';
import { NOTICE_STREAM_EVENTS, noticeStreamRegistrySchema } from '@uc/contracts';
import { useSession } from '@uc/client';
import { subscribeConsoleStream } from '../../lib/console-stream';
import { refreshRegistry } from './registry-refresh';

function parse(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

/**
 * Registry changes pushed by the server reach this tab without a navigation: on the push stream's
 * `registry` event (a remote redeployed, an addon installed, updated, rolled back, switched or
 * uninstalled, a menu edited, a grant changed: the server says it only when this user's menus or the
 * registry changed) the registry and the menus are asked again and change in place. After the stream
 * dropped and came back (a server restart, a network change), they are asked once too: what happened
 * meanwhile was not pushed. While the stream is down, a navigation asks instead (registryStale).
 */
export function useRegistryPush(): void {
  const signedIn = useSession((s) => s.currentUser !== null);
  useEffect(() => {
    if (!signedIn) return undefined;
    return subscribeConsoleStream({
      events: {
        [NOTICE_STREAM_EVENTS.registry]: (data) => {
          if (noticeStreamRegistrySchema.safeParse(parse(data)).success) void refreshRegistry({ news: true });
        },
      },
      onOpen: (reopened) => {
        if (reopened) void refreshRegistry({ news: true });
      },
    });
  }, [signedIn]);
}
