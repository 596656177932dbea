import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { useT } from '@uc/client';
import { palette } from '@uc/ui/palette';
import { PageLoading } from '../features/session/page-loading';
import { isOffline } from '../pwa/pwa-store';

/** Script or stylesheet chunks that could not be fetched (rspack's ChunkLoadError, CSS load errors). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Loading (CSS )?chunk [\w-]+ failed/i.test(error.message) ||
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i.test(error.message)
  );
}

type Failure = 'chunk' | 'offline' | 'crash';

const TEXTS: Record<Failure, [title: string, description: string]> = {
  chunk: ['chunk.failed.title', 'chunk.failed.description'],
  offline: ['offline.title', 'offline.description'],
  crash: ['page.crashed.title', 'page.crashed.description'],
};

function ChunkFailed({ onRetry, failure }: { onRetry: () => void; failure: Failure }) {
  const t = useT();
  const [title, description] = TEXTS[failure];
  // Drawn without antd: the chunk that failed may be the one that brings antd.
  return (
    <div
      role="alert"
      data-testid={failure === 'offline' ? 'offline-result' : 'chunk-error'}
      style={{ textAlign: 'center', padding: '96px 16px', color: 'rgba(0,0,0,0.88)' }}
    >
      <h2 style={{ fontSize: 20, fontWeight: 500, margin: '0 0 8px' }}>{t(title)}</h2>
      <p style={{ color: palette.textSecondary, margin: '0 0 24px' }}>{t(description)}</p>
      <button
        type="button"
        onClick={onRetry}
        style={{ height: 32, padding: '0 15px', border: 0, borderRadius: 6, background: palette.brandText, color: '#fff', fontSize: 14, cursor: 'pointer' }}
      >
        {t('remote.retry')}
      </button>
    </div>
  );
}

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

/** Contains a page whose code could not be loaded (or that crashed): a message and a retry, never a white page. */
export class ChunkErrorBoundary extends Component<BoundaryProps, { error: unknown; failure: Failure }> {
  override state = { error: null as unknown, failure: 'crash' as Failure };

  static getDerivedStateFromError(error: unknown) {
    // A chunk that could not be fetched while the network is down: say so, not "something broke".
    const chunk = isChunkLoadError(error);
    return { error, failure: chunk && isOffline() ? 'offline' : chunk ? 'chunk' : 'crash' };
  }

  override componentDidCatch(error: unknown): void {
    console.error('[uc] a page failed to load', error);
  }

  retry = (): void => {
    this.props.onRetry();
    this.setState({ error: null });
  };

  override render(): ReactNode {
    if (this.state.error) return <ChunkFailed failure={this.state.failure} onRetry={this.retry} />;
    return this.props.children;
  }
}

/**
 * `React.lazy` remembers a failed import forever; this one starts a fresh import on retry (the
 * bundler forgets a failed chunk, so the retry really fetches it again).
 */
export function lazyPage<P extends object>(factory: () => Promise<{ default: ComponentType<P> }>, reload = () => window.location.reload()): ComponentType<P> {
  let Loaded = lazy(factory);
  let retried = false;
  function Page(props: P) {
    const [, setAttempt] = useState(0);
    return (
      <ChunkErrorBoundary
        onRetry={() => {
          // The federation runtime remembers a shared module (antd...) that failed to load; when a
          // retry in place did not help, a page load starts from a clean slate.
          // Offline, a page load would only lose the console's state: the retry stays in place.
          if (retried && !isOffline()) return reload();
          retried = true;
          Loaded = lazy(factory);
          setAttempt((a) => a + 1);
        }}
      >
        <Suspense fallback={<PageLoading />}>
          <Loaded {...props} />
        </Suspense>
      </ChunkErrorBoundary>
    );
  }
  return Page;
}
