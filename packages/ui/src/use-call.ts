import { useCallback, useEffect, useRef, useState } from 'react';
// Through the package name, never a relative path: this entry is a separate federation singleton and
// must reach the one api/session instance of '@uc/client', not a bundled copy.
import { type CallContract, type CallData } from '@uc/contracts';
import { call, useTenantScope, type CallOptions } from '@uc/client';

export interface CallState<D> {
  /** The latest answer; kept while a reload runs, so the screen does not flash empty. */
  data: D | undefined;
  loading: boolean;
  /** The refusal of the latest attempt (the API client has already shown it), or null. */
  error: unknown;
  /** Asks again with the same options (after a write). */
  reload: () => void;
}

/**
 * The one way a screen reads data: `useCall(roleListCall, { query })` calls when mounted and again
 * whenever the query or body changes by value (a new object with the same content does not refetch),
 * aborts what is in flight when they change or the screen goes away, and ignores late answers.
 * `null` options: not now (say, a closed drawer): nothing is called and the last answer is let go.
 * `refresh`: anything else whose change should ask again (a parent's revision after a write).
 */
export function useCall<C extends CallContract>(
  contract: C,
  options: Omit<CallOptions<C>, 'signal'> | null = {},
  refresh?: string | number,
): CallState<CallData<C>> {
  const [state, setState] = useState<{ data: CallData<C> | undefined; loading: boolean; error: unknown }>({
    data: undefined,
    loading: options !== null,
    error: null,
  });
  const [revision, setRevision] = useState(0);
  // Inside a <TenantScope>, the call acts in that tenant (unless the options name one).
  const tenant = useTenantScope();
  const scoped = options === null || options.tenant !== undefined || tenant === undefined ? options : { ...options, tenant };
  // The options are read when the call starts; what decides when to call again is their content.
  const latest = useRef(scoped);
  latest.current = scoped;
  const key = scoped === null ? null : JSON.stringify([scoped.query ?? null, scoped.body ?? null, scoped.tenant ?? null, refresh ?? null]);

  useEffect(() => {
    const current = latest.current;
    if (key === null || current === null) {
      setState((s) => (s.loading || s.data !== undefined || s.error !== null ? { data: undefined, loading: false, error: null } : s));
      return;
    }
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    call(contract, { ...current, signal: controller.signal }).then(
      (data) => !controller.signal.aborted && setState({ data, loading: false, error: null }),
      (error: unknown) => !controller.signal.aborted && setState((s) => ({ ...s, loading: false, error })),
    );
    return () => controller.abort();
  }, [contract, key, revision]);

  const reload = useCallback(() => setRevision((r) => r + 1), []);
  return { ...state, reload };
}
