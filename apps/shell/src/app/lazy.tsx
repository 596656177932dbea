import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { useT } from '@uc/shared';
import { PageLoading } from '../features/session/page-loading';

export function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}

/** Script or stylesheet chunks that could not be fetched (rspack's ChunkLoadError, CSS load errors). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Loading (CSS )?chunk [\w-]+ failed/i.test(error.message) ||
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i.test(error.message)
  );
}

function ChunkFailed({ onRetry, chunk }: { onRetry: () => void; chunk: boolean }) {
  const t = useT();
  // Drawn without antd: the chunk that failed may be the one that brings antd.
  return (
    <div role="alert" data-testid="chunk-error" style={{ textAlign: 'center', padding: '96px 16px', color: 'rgba(0,0,0,0.88)' }}>
      <h2 style={{ fontSize: 20, fontWeight: 500, margin: '0 0 8px' }}>{t(chunk ? 'chunk.failed.title' : 'page.crashed.title')}</h2>
      <p style={{ color: 'rgba(0,0,0,0.45)', margin: '0 0 24px' }}>{t(chunk ? 'chunk.failed.description' : 'page.crashed.description')}</p>
      <button
        type="button"
        onClick={onRetry}
        style={{ height: 32, padding: '0 15px', border: 0, borderRadius: 6, background: '#1890ff', color: '#fff', fontSize: 14, cursor: 'pointer' }}
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
export class ChunkErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown): void {
    console.error('[uc] a page failed to load', error);
  }

  retry = (): void => {
    this.props.onRetry();
    this.setState({ error: null });
  };

  override render(): ReactNode {
    if (this.state.error) return <ChunkFailed chunk={isChunkLoadError(this.state.error)} onRetry={this.retry} />;
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
          if (retried) return reload();
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
