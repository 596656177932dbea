import { interfaceSatisfies, type ExposedModule, type ExposedModuleExports } from '../exposed/exposed-module';

/*
 * How a remote loads what another remote exposes (`@uc/client/exposed`): through the shell, which
 * registers every remote of the registry with the federation runtime and knows each version's
 * container. The shell provides its loader at start; a remote asks through this module, which is part
 * of the '@uc/client' singleton, so every remote reaches the shell's loader.
 */

/** Loads `expose` of the registry's current version of `remote`; `fresh` forgets a failed attempt. */
export type RemoteModuleLoader = (remote: string, expose: string, options: { fresh: boolean }) => Promise<unknown>;

let loader: RemoteModuleLoader | null = null;

/** The shell's loader (null takes it away: tests). */
export function provideRemoteModuleLoader(next: RemoteModuleLoader | null): void {
  loader = next;
}

/**
 * Why an exposed module is not there: `unavailable` (no loader: a remote running standalone),
 * `incompatible` (the provider implements another interface version), `failed` (the remote did not load).
 */
export class ExposedModuleError extends Error {
  override readonly name = 'ExposedModuleError';
  constructor(
    readonly kind: 'unavailable' | 'incompatible' | 'failed',
    readonly remote: string,
    readonly required: string,
    readonly provided?: unknown,
    override readonly cause?: unknown,
  ) {
    super(
      kind === 'unavailable'
        ? `"${remote}" is loaded by the console's shell, which is not running here`
        : kind === 'incompatible'
          ? `"${remote}" provides interface ${String(provided)}, this page needs ${required}: deploy versions of both that match`
          : `"${remote}" could not be loaded${cause instanceof Error ? `: ${cause.message}` : ''}`,
    );
  }
}

/**
 * The module `spec` names, from the version of its remote the registry names now, once its interface
 * version is checked against the one the caller was built against (`spec.version`).
 */
export async function loadExposedModule<T extends ExposedModuleExports>(spec: ExposedModule<T>, options: { fresh?: boolean } = {}): Promise<T> {
  if (!loader) throw new ExposedModuleError('unavailable', spec.remote, spec.version);
  let mod: unknown;
  try {
    mod = await loader(spec.remote, spec.expose, { fresh: options.fresh ?? false });
  } catch (error) {
    throw new ExposedModuleError('failed', spec.remote, spec.version, undefined, error);
  }
  const provided = (mod as Partial<ExposedModuleExports> | null)?.version;
  if (!interfaceSatisfies(provided, spec.version)) throw new ExposedModuleError('incompatible', spec.remote, spec.version, provided);
  return mod as T;
}
