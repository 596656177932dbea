import { Button, Result } from 'antd';
import { Component, type ReactNode } from 'react';
import { t } from '@uc/shared';
import { isOffline } from '../../pwa/pwa-store';
import { OfflineResult } from './offline-result';

interface Props {
  /** The module's display name, e.g. 组织管理. */
  moduleName: string;
  /** Renders the remote; `attempt` grows with every retry so the child loads afresh. */
  children: (attempt: number) => ReactNode;
}

interface State {
  error: unknown;
  /** Whether the network was down when it failed: then the module is not broken, only out of reach. */
  offline: boolean;
  attempt: number;
}

/**
 * Contains one remote route: a remote that fails to load, or throws while rendering, shows a message
 * and a retry button here while the header, menu and every other page keep working.
 */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, offline: false, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, offline: isOffline() };
  }

  override componentDidCatch(error: unknown): void {
    console.error(`[uc] the ${this.props.moduleName} module failed`, error);
  }

  retry = (): void => this.setState((s) => ({ error: null, attempt: s.attempt + 1 }));

  override render(): ReactNode {
    if (!this.state.error) return this.props.children(this.state.attempt);
    const module = this.props.moduleName;
    if (this.state.offline) return <OfflineResult moduleName={module} onRetry={this.retry} />;
    return (
      <Result
        status="error"
        title={t('remote.loadFailed.title', { module })}
        subTitle={t('remote.loadFailed.description', { module })}
        extra={
          <Button type="primary" onClick={this.retry}>
            {t('remote.retry')}
          </Button>
        }
      />
    );
  }
}
