import { Spin } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { type RemoteEntry } from '@uc/contracts';
import { stripBasePath, useT } from '@uc/client';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { loadRemoteRoutes, prefetchPageData, readyRoutes } from './remote-runtime';

function RemoteRouteTree({ routes, notFound }: { routes: RouteObject[]; notFound: ReactNode }) {
  // The remote's routes are absolute ('/org/...') below the layout's splat, so they match as they are.
  return useRoutes([...routes, { path: '*', element: notFound }]);
}

function RemoteLoader({ remote, attempt, moduleName, notFound }: { remote: RemoteEntry; attempt: number; moduleName: string; notFound: ReactNode }) {
  const t = useT();
  // Prefetched routes render in the first pass; the layout started the page's data on navigation.
  const [state, setState] = useState<{ routes?: RouteObject[]; error?: unknown }>(() => ({ routes: attempt === 0 ? readyRoutes(remote) : undefined }));
  useEffect(() => {
    const loaded = attempt === 0 ? readyRoutes(remote) : undefined;
    if (loaded) {
      setState((s) => (s.routes === loaded ? s : { routes: loaded }));
      return undefined;
    }
    let live = true;
    setState({});
    // The page's data starts now, while its code loads (the address is already the new one).
    prefetchPageData(remote, stripBasePath(window.location.pathname));
    loadRemoteRoutes(remote, attempt > 0).then(
      (routes) => live && setState({ routes }),
      (error: unknown) => live && setState({ error }),
    );
    return () => {
      live = false;
    };
  }, [remote, attempt]);
  // Thrown during render so the boundary above shows it, the same way as a crash inside the remote.
  if (state.error) throw state.error;
  if (!state.routes) return <Spin size="large" tip={t('remote.loading', { module: moduleName })} style={{ display: 'block', margin: '120px auto' }} />;
  return <RemoteRouteTree routes={state.routes} notFound={notFound} />;
}

/**
 * One remote's pages, in the version it is given: given another (a redeploy, an update, on the next
 * navigation), that one loads in place, beside the old version's code. `onFailure`: the version on
 * screen failed (the switch then takes the registry's).
 */
export function RemoteOutlet({ onFailure, ...props }: { remote: RemoteEntry; moduleName: string; notFound: ReactNode; onFailure?: () => void }) {
  return (
    <RemoteErrorBoundary remote={props.remote} moduleName={props.moduleName} onFailure={onFailure}>
      {(attempt) => <RemoteLoader {...props} attempt={attempt} />}
    </RemoteErrorBoundary>
  );
}
