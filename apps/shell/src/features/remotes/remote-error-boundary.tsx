import { Button, Result, Spin } from 'antd';
import { Component, type ReactNode } from 'react';
import { type RemoteEntry } from '@uc/contracts';
import { registerMessages, t } from '@uc/client';
import { isOffline } from '../../pwa/pwa-store';
import { OfflineResult } from './offline-result';
import { RemoteLoadError } from './remote-load-error';
import { remoteEnUS, remoteZhCN } from './remote-messages';
import { MANIFEST_TIMEOUT_MS } from './remote-plugins';
import { RemoteRefusedResult } from './remote-refused-result';
import { SharedVersionRefusal } from './remote-refusal';
import { registryMovedOn } from './registry-refresh';

registerMessages('zh-CN', remoteZhCN);
registerMessages('en-US', remoteEnUS);

interface Props {
  /** The remote version on screen: a new entry (the registry names another version) loads afresh. */
  remote: Pick<RemoteEntry, 'name' | 'entry'>;
  /** The module's display name, e.g. 组织管理. */
  moduleName: string;
  /** Renders the remote; `attempt` grows with every retry so the child loads afresh. */
  children: (attempt: number) => ReactNode;
  /** Told when the remote failed, before the registry is asked whether it moved on. */
  onFailure?: () => void;
}

interface State {
  error: unknown;
  /** Whether the network was down when it failed: then the module is not broken, only out of reach. */
  offline: boolean;
  attempt: number;
  /** The entry the state is about. */
  entry: string;
  /** The registry is being asked whether the version failed because it was replaced. */
  checking: boolean;
  /** The retry button's refresh is on its way. */
  retrying: boolean;
}

/**
 * Contains one remote route: a remote that fails to load, or throws while rendering, shows a message
 * and a retry button here while the header, menu and every other page keep working. A failure first
 * asks the registry again: a version removed by a redeploy (or replaced by an update) is followed to
 * the new one without the user seeing an error or reloading; the retry button does the same.
 */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, offline: false, attempt: 0, entry: this.props.remote.entry, checking: false, retrying: false };
  private mounted = false;

  static getDerivedStateFromError(error: unknown): Partial<State> {
    const offline = isOffline();
    return { error, offline, checking: !offline };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.remote.entry === state.entry) return null;
    // Another version: whatever became of the old one, the new one loads from scratch.
    return { entry: props.remote.entry, error: null, checking: false, retrying: false };
  }

  override componentDidMount(): void {
    this.mounted = true;
  }

  override componentWillUnmount(): void {
    this.mounted = false;
  }

  override componentDidCatch(error: unknown): void {
    console.error(`[uc] the ${this.props.moduleName} module failed`, error);
    this.props.onFailure?.();
    if (!this.state.offline) {
      void registryMovedOn(this.props.remote).then((moved) => {
        // Moved on: the new entry arrives as props and loads. Otherwise the failure is real.
        if (!moved && this.mounted) this.setState({ checking: false });
      });
    }
  }

  retry = (): void => {
    this.setState({ retrying: true });
    void registryMovedOn(this.props.remote, { force: true }).then((moved) => {
      if (!moved && this.mounted) this.setState((s) => ({ error: null, checking: false, retrying: false, attempt: s.attempt + 1 }));
    });
  };

  override render(): ReactNode {
    const { error, offline, checking, retrying, attempt } = this.state;
    if (!error) return this.props.children(attempt);
    const module = this.props.moduleName;
    if (checking) return <Spin size="large" tip={t('remote.loading', { module })} style={{ display: 'block', margin: '120px auto' }} />;
    if (offline) return <OfflineResult moduleName={module} onRetry={this.retry} retrying={retrying} />;
    // The version needs a shared library in a version the console does not run: no retry loads it.
    if (error instanceof SharedVersionRefusal) return <RemoteRefusedResult moduleName={module} refused={error.refused} />;
    const timedOut = error instanceof RemoteLoadError && error.reason === 'timeout';
    return (
      <Result
        status="error"
        title={t('remote.loadFailed.title', { module })}
        subTitle={timedOut ? t('remote.timedOut.description', { module, seconds: MANIFEST_TIMEOUT_MS / 1000 }) : t('remote.loadFailed.description', { module })}
        extra={
          <Button type="primary" loading={retrying} onClick={this.retry}>
            {t('remote.retry')}
          </Button>
        }
      />
    );
  }
}
