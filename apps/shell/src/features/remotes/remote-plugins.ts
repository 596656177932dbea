import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RetryPlugin } from '@module-federation/retry-plugin';
import { failedRemoteModule } from './remote-load-error';

/**
 * When a remote cannot be loaded, resolve `loadRemote` with a marker module instead of letting the
 * runtime throw from inside React's render: the shell's boundary then shows a message and a retry.
 * Only the final `onLoad` stage is answered; earlier stages expect other return types (a manifest...).
 */
export function fallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'uc-remote-fallback',
    errorLoadRemote(args) {
      if (args.lifecycle !== 'onLoad') return undefined;
      console.error(`[uc] remote module ${args.id} failed to load`, args.error);
      return failedRemoteModule(args.error);
    },
  };
}

/** A blip (a redeploy, a dropped connection) is retried once before the user sees an error. */
export const retryPlugin = (): ModuleFederationRuntimePlugin =>
  RetryPlugin({
    fetch: { retryTimes: 1 },
    script: { retryTimes: 1, retryDelay: 500 },
  }) as unknown as ModuleFederationRuntimePlugin;
