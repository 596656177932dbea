import { satisfy } from '@module-federation/enhanced/runtime';
import { isStrictShared, type RemoteEntry } from '@uc/contracts';

/** A strict shared library a remote needs in a version the console does not run (the registry's `refused`, less its server text). */
export interface SharedRefusalFact {
  library: string;
  /** The range the remote was built against. */
  required: string;
  /** The version the console runs. */
  console: string;
}

/**
 * A remote the console will not run: it needs a strict singleton (react, antd, @uc/client ...) in a
 * version the console does not have, and the federation runtime would either hand it the console's copy
 * anyway or fail inside its page. Its pages show why and what to do (RemoteRefusedResult), whether the
 * registry said so, the version's manifest did, or the runtime found it out.
 */
export class SharedVersionRefusal extends Error {
  override readonly name = 'SharedVersionRefusal';
  constructor(
    readonly remote: string,
    readonly refused: readonly SharedRefusalFact[],
  ) {
    super(`Remote "${remote}" needs ${refused.map((r) => `${r.library} ${r.required} (the console runs ${r.console})`).join(', ')}`);
  }
}

/** Why the registry refuses a remote, if it does. */
export const registryRefusal = (remote: Pick<RemoteEntry, 'name' | 'refused'>): SharedVersionRefusal | undefined =>
  remote.refused.length > 0
    ? new SharedVersionRefusal(
        remote.name,
        remote.refused.map(({ library, required, console }) => ({ library, required, console })),
      )
    : undefined;

/**
 * The versions of the libraries this shell shares with the remotes, as its build recorded them
 * (apps/shell/rspack.config.mjs); empty where no build said (tests).
 */
export function consoleSharedVersions(): Record<string, string> {
  try {
    return JSON.parse(process.env.UC_SHARED_VERSIONS || '{}') as Record<string, string>;
  } catch {
    return {};
  }
}

/**
 * The strict singletons a version's mf-manifest.json asks for in a range the console's versions do not
 * satisfy: checked before the version is registered, so a remote the registry did not judge (registered
 * by URL, a dev override, a registry read before the console changed) is refused before any of its code
 * runs. Keys with a trailing slash or a deep path (react-dom/client) count as their package.
 */
export function manifestRefusals(manifest: unknown, consoleVersions: Readonly<Record<string, string>> = consoleSharedVersions()): SharedRefusalFact[] {
  const shared = (manifest as { shared?: unknown } | null)?.shared;
  if (!Array.isArray(shared)) return [];
  const out = new Map<string, SharedRefusalFact>();
  for (const item of shared as { name?: unknown; requiredVersion?: unknown }[]) {
    if (typeof item?.name !== 'string' || typeof item.requiredVersion !== 'string') continue;
    const library = item.name.startsWith('@') ? item.name.split('/').slice(0, 2).join('/') : item.name.split('/')[0]!;
    const version = consoleVersions[library];
    if (!isStrictShared(library) || !version || out.has(library)) continue;
    if (!satisfy(version, item.requiredVersion)) out.set(library, { library, required: item.requiredVersion, console: version });
  }
  return [...out.values()];
}

/**
 * The federation runtime's own refusal (a strict singleton whose version does not satisfy a remote,
 * strictVersion in @uc/client/federation): "Version 1.0.0 from shell of shared singleton module
 * @uc/client does not satisfy the requirement of uc_org_… which needs ^2.0.0", read into the same facts.
 */
export function runtimeRefusal(remote: string, error: unknown): SharedVersionRefusal | undefined {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const m = /Version (\S+) from \S+ of shared singleton module (\S+) does not satisfy the requirement of \S+ which needs ([^\s)]+)/.exec(message);
  return m ? new SharedVersionRefusal(remote, [{ library: m[2]!, required: m[3]!, console: m[1]! }]) : undefined;
}
