import { Spin } from 'antd';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
// The loader and the registry through the package name: the one instance of '@uc/client' (the shell's).
import { ExposedModuleError, loadExposedModule, refreshRegistryAndMenus, useLocale, useSession, useT } from '@uc/client';
// From '@uc/client/exposed', no singleton: the specs are the caller's own, with the versions it was built against.
import type { ExposedModule, ExposedModuleExports } from '@uc/client/exposed';
import { LoadFailed } from './load-failed';

export type ExposedModuleState<T> = { status: 'loading' } | { status: 'ready'; module: T } | { status: 'failed'; error: unknown };

/** The entry (the version) the registry names for a remote now. */
const entryOf = (remote: string): string | undefined => useSession.getState().remotes.find((r) => r.name === remote)?.entry;

/**
 * What another remote exposes (`@uc/client/exposed`), loaded when the component mounts, from the version
 * the registry names then: the module stays what it was while the component is on screen (a form half
 * filled is not swapped under the user), and the next mount after a deploy shows the new version. A load
 * that fails asks the registry again: a version a deploy replaced is followed to the new one at once.
 * `retry()` asks the registry again and loads afresh.
 */
export function useExposedModule<T extends ExposedModuleExports>(spec: ExposedModule<T>): { state: ExposedModuleState<T>; retry: () => void } {
  const [state, setState] = useState<ExposedModuleState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const specRef = useRef(spec);
  specRef.current = spec;

  useEffect(() => {
    let live = true;
    const { current } = specRef;
    setState({ status: 'loading' });
    (async () => {
      const before = entryOf(current.remote);
      try {
        return await loadExposedModule(current, { fresh: attempt > 0 });
      } catch (error) {
        if (!(error instanceof ExposedModuleError) || error.kind !== 'failed') throw error;
        // A deploy may have replaced the version this page was told of: once the registry names another, that one.
        await refreshRegistryAndMenus();
        if (entryOf(current.remote) === before) throw error;
        return loadExposedModule(current, { fresh: true });
      }
    })().then(
      (module) => live && setState({ status: 'ready', module }),
      (error: unknown) => live && setState({ status: 'failed', error }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  const retry = useCallback(() => {
    void refreshRegistryAndMenus().then(() => setAttempt((a) => a + 1));
  }, []);
  return { state, retry };
}

export interface ExposedSlotProps<T extends ExposedModuleExports> {
  /** The module, such as ORG_TENANT_SCREENS. */
  module: ExposedModule<T>;
  /** What to show of it: `(m) => <m.TenantUsers tenantId={7} />`. */
  render: (module: T) => ReactNode;
  testId?: string;
}

/** A part of a page that another remote provides: a spinner while it loads, the reason and a retry if it does not. */
export function ExposedSlot<T extends ExposedModuleExports>({ module: spec, render, testId }: ExposedSlotProps<T>) {
  const t = useT();
  const { locale } = useLocale();
  const { state, retry } = useExposedModule(spec);
  const entry = useSession((s) => s.remotes.find((r) => r.name === spec.remote));
  if (state.status === 'loading') return <Spin data-testid={testId && `${testId}-loading`} style={{ display: 'block', margin: '48px auto' }} />;
  if (state.status === 'failed') {
    const name = entry?.title[locale] ?? entry?.title['en-US'] ?? spec.remote;
    const { error } = state;
    const why =
      error instanceof ExposedModuleError && error.kind === 'incompatible'
        ? t('exposed.incompatible', { module: name, provided: String(error.provided ?? '?'), required: error.required })
        : error instanceof ExposedModuleError && error.kind === 'unavailable'
          ? t('exposed.unavailable', { module: name })
          : t('exposed.failed.description', { module: name });
    return <LoadFailed testId={testId && `${testId}-failed`} title={t('exposed.failed', { module: name })} error={new Error(why)} onRetry={retry} />;
  }
  return <>{render(state.module)}</>;
}
