/*
 * Modules a remote exposes for other remotes to load at run time: the org screens a tenant's details
 * page shows, say. One domain owns the code; another shows it by loading what the owner's deployed
 * version exposes, so one deploy of the owner changes both places. The interface of each such module
 * (its props, its version) lives here, in `@uc/client/exposed`, which both sides import: this entry is
 * not a federation singleton, so each remote carries the version it was built against, and a consumer
 * can tell a provider built against another interface from one it can use.
 */

/** What every exposed module exports besides its components: the interface version it implements. */
export interface ExposedModuleExports {
  /** `major.minor` of the interface the module was built against (its spec's `version`). */
  readonly version: string;
}

/**
 * Where a module is (the remote's registry name, the expose) and the interface version: the minor
 * grows when something is added (an optional prop, a component), the major when something changes or
 * goes (a provider of another major is refused, not rendered wrongly).
 */
export interface ExposedModule<T extends ExposedModuleExports> {
  readonly remote: string;
  readonly expose: string;
  readonly version: string;
  /** Never set: carries the module's type to the loaders. */
  readonly module?: T;
}

export const defineExposedModule = <T extends ExposedModuleExports>(remote: string, expose: string, version: string): ExposedModule<T> => ({
  remote,
  expose,
  version,
});

const VERSION = /^(\d+)\.(\d+)$/;

/**
 * Whether a provider of interface `provided` serves a consumer built against `required`: the same
 * major, and at least its minor (a consumer may use what was added up to its minor).
 */
export function interfaceSatisfies(provided: unknown, required: string): boolean {
  const p = typeof provided === 'string' ? VERSION.exec(provided) : null;
  const r = VERSION.exec(required);
  if (!p || !r) return false;
  return p[1] === r[1] && Number(p[2]) >= Number(r[2]);
}
