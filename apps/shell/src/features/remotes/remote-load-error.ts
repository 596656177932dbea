/**
 * A remote whose manifest, entry or exposed module could not be loaded (after the retry plugin gave
 * up); `reason` is known when its manifest failed: `timeout` (it hangs), `gone` (404: the version was
 * replaced), `failed`.
 */
export class RemoteLoadError extends Error {
  override readonly name = 'RemoteLoadError';
  constructor(
    readonly remote: string,
    override readonly cause?: unknown,
    readonly reason?: 'gone' | 'timeout' | 'failed',
  ) {
    super(`Remote "${remote}" could not be loaded${reason ? ` (${reason})` : ''}${cause instanceof Error ? `: ${cause.message}` : ''}`);
  }
}

const FAILED = Symbol.for('uc.remote.failed');

/** What `errorLoadRemote` hands back instead of a module: a marker the loader turns into an error. */
export interface FailedRemoteModule {
  [FAILED]: true;
  error: unknown;
}

export const failedRemoteModule = (error: unknown): FailedRemoteModule => ({ [FAILED]: true, error });

export const isFailedRemoteModule = (value: unknown): value is FailedRemoteModule => typeof value === 'object' && value !== null && FAILED in value;
