import { AppstoreOutlined } from '@ant-design/icons';
import { Button, ConfigProvider, Drawer, Empty, Flex, List, Result, Spin, Typography } from 'antd';
import { useContext, useEffect, useMemo, useState, type ComponentType } from 'react';
import { useNavigate } from 'react-router-dom';
import { type RemoteEntry } from '@uc/contracts';
import { useSession, useT } from '@uc/client';
import { MenuIcon } from '../../components/menu-icon';
import { menuText } from '../../components/menu-text';
import { effectiveRemotes, loadRemoteExpose } from '../../features/remotes/remote-runtime';
import { registryMovedOn } from '../../features/remotes/registry-refresh';
import { adminMenuFor, headerTarget, openHeaderTarget } from './header-nav';

export const HEADER_HEIGHT = 60;
/** The market remote and what it exposes for the drawer (DESIGN.md section 3). */
export const MARKET_REMOTE = 'market';
export const MARKET_PANEL_EXPOSE = './MarketPanel';

/**
 * The side the drawer slides in from: the side of the header's start, where its button sits. antd's
 * `placement` is physical, so a right-to-left layout (the button on the right) needs 'right'.
 */
export const drawerPlacement = (direction: 'ltr' | 'rtl' | undefined): 'left' | 'right' => (direction === 'rtl' ? 'right' : 'left');

type PanelModule = { default?: ComponentType; MarketPanel?: ComponentType };
type PanelState = { status: 'missing' } | { status: 'loading' } | { status: 'failed' } | { status: 'ready'; Panel: ComponentType };

/** The market panel from the market remote, or a note saying it is not there (the drawer works regardless). */
function MarketPanelSlot({ remote }: { remote: RemoteEntry | undefined }) {
  const t = useT();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<PanelState>(remote ? { status: 'loading' } : { status: 'missing' });
  useEffect(() => {
    if (!remote) return setState({ status: 'missing' });
    let live = true;
    setState({ status: 'loading' });
    loadRemoteExpose<PanelModule>(remote, MARKET_PANEL_EXPOSE, attempt > 0).then(
      (mod) => {
        const Panel = mod.MarketPanel ?? mod.default;
        if (live) setState(Panel ? { status: 'ready', Panel } : { status: 'failed' });
      },
      () => {
        if (!live) return;
        setState({ status: 'failed' });
        // A market version removed by a redeploy or an update: the registry names the new one, which loads instead.
        void registryMovedOn(remote);
      },
    );
    return () => {
      live = false;
    };
  }, [remote, attempt]);

  // The registry is asked first: a new market version loads by itself, otherwise the same one loads again.
  const retry = () => {
    if (remote) void registryMovedOn(remote, { force: true }).then((moved) => moved || setAttempt((a) => a + 1));
  };

  if (state.status === 'missing') return <Empty data-testid="market-missing" description={t('drawer.market.missing')} style={{ marginTop: 96 }} />;
  if (state.status === 'loading') return <Spin style={{ display: 'block', margin: '96px auto' }} />;
  if (state.status === 'failed') {
    return (
      <Result data-testid="market-failed" status="warning" title={t('drawer.market.failed')} extra={<Button onClick={retry}>{t('remote.retry')}</Button>} />
    );
  }
  const { Panel } = state;
  return <Panel />;
}

/**
 * The app drawer (spec section 2): opened by the round button in the header, covering the screen
 * below the 60px header; core functions (the header menus) on the left, the market on the right.
 */
export function AppDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const headerMenu = useSession((s) => s.headerMenu);
  const adminMenu = useSession((s) => s.adminMenu);
  const registry = useSession((s) => s.remotes);
  const found = useMemo(() => effectiveRemotes(registry).find((r) => r.name === MARKET_REMOTE), [registry]);
  // The same market version keeps its panel: a registry refresh (an addon just installed) must not
  // reload it, which would lose its search and live progress; another version loads in its place.
  const entry = found?.entry;
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const market = useMemo(() => found, [entry]);
  // The direction antd lays out with (ConfigProvider, which follows the locale).
  const { direction } = useContext(ConfigProvider.ConfigContext);

  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement={drawerPlacement(direction)}
      size="80%"
      closable={false}
      destroyOnHidden
      rootStyle={{ top: HEADER_HEIGHT }}
      styles={{ body: { padding: 0 } }}
      data-testid="app-drawer"
      aria-label={t('drawer.title')}
    >
      <Flex style={{ height: '100%' }}>
        <nav aria-label={t('drawer.core')} style={{ width: 240, flex: 'none', borderInlineEnd: '1px solid rgba(5,5,5,0.06)', padding: 16, overflow: 'auto' }}>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {t('drawer.core')}
          </Typography.Title>
          <List
            size="small"
            split={false}
            dataSource={headerMenu}
            locale={{ emptyText: t('layout.menu.empty') }}
            renderItem={(item) => {
              const menu = adminMenuFor(adminMenu, item.path);
              return (
                <List.Item style={{ paddingInline: 0 }}>
                  <Button
                    type="text"
                    block
                    icon={<MenuIcon name={item.icon} />}
                    style={{ justifyContent: 'flex-start' }}
                    onClick={() => {
                      onClose();
                      openHeaderTarget(headerTarget(item), navigate);
                    }}
                  >
                    {menu ? menuText(menu) : item.title}
                  </Button>
                </List.Item>
              );
            }}
          />
        </nav>
        <section aria-label={t('drawer.market')} style={{ flex: 1, minWidth: 0, padding: 16, overflow: 'auto' }}>
          <MarketPanelSlot remote={market} />
        </section>
      </Flex>
    </Drawer>
  );
}

export function AppDrawerButton({ onClick, open }: { onClick: () => void; open: boolean }) {
  const t = useT();
  return (
    <Button shape="circle" icon={<AppstoreOutlined />} aria-label={t('drawer.open')} aria-expanded={open} data-testid="app-drawer-button" onClick={onClick} />
  );
}
