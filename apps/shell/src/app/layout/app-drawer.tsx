import { AppstoreOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, ConfigProvider, Drawer, Empty, Flex, Grid, Result, Spin, Typography } from 'antd';
import { useContext, useEffect, useMemo, useState, type ComponentType } from 'react';
import { useNavigate } from 'react-router-dom';
import { type RemoteEntry } from '@uc/contracts';
import { BASE_PATH, useSession, useT } from '@uc/client';
import { MenuIcon } from '../../components/menu-icon';
import { menuText } from '../../components/menu-text';
import { effectiveRemotes, loadRemoteExpose } from '../../features/remotes/remote-runtime';
import { registryMovedOn } from '../../features/remotes/registry-refresh';
import { adminMenuFor, headerTarget, openHeaderTarget } from './header-nav';

export const HEADER_HEIGHT = 60;
/** The market remote and what it exposes for the drawer (DESIGN.md section 3). */
export const MARKET_REMOTE = 'market';
export const MARKET_PANEL_EXPOSE = './MarketPanel';
/** The spec's manage-applications target (/admin/web/addons/market), inside the console. */
export const MANAGE_APPS_PATH = '/addons/market';
/** The core-functions column beside the market on a wide screen. */
const CORE_WIDTH = 240;

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
 * below the 60px header; core functions (the header menus) on the left, the market on the right. Below
 * the md breakpoint (768px: phones, small tablets) 80% of the screen leaves the market no room beside
 * a 240px column, so the drawer takes the whole width and the core functions sit above the market.
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
  // Until the first measure no breakpoint is known: wide is assumed, as on most screens.
  const screens = Grid.useBreakpoint();
  const narrow = screens.md === false;
  // The market page is offered to whom its menu entry is granted (the platform's administrators).
  const mayManage = adminMenuFor(adminMenu, MANAGE_APPS_PATH) !== undefined;

  const manageApps = () => {
    onClose();
    void navigate(MANAGE_APPS_PATH);
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement={drawerPlacement(direction)}
      size={narrow ? '100%' : '80%'}
      closable={false}
      destroyOnHidden
      rootStyle={{ top: HEADER_HEIGHT }}
      styles={{ body: { padding: 0 } }}
      data-testid="app-drawer"
      aria-label={t('drawer.title')}
    >
      <Flex vertical={narrow} style={{ height: narrow ? undefined : '100%', minHeight: '100%' }}>
        <nav
          aria-label={t('drawer.core')}
          data-testid="app-drawer-core"
          style={
            narrow
              ? { flex: 'none', borderBlockEnd: '1px solid rgba(5,5,5,0.06)', padding: 16 }
              : { width: CORE_WIDTH, flex: 'none', borderInlineEnd: '1px solid rgba(5,5,5,0.06)', padding: 16, overflow: 'auto' }
          }
        >
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {t('drawer.core')}
          </Typography.Title>
          {headerMenu.length === 0 ? (
            <Typography.Text type="secondary">{t('layout.menu.empty')}</Typography.Text>
          ) : (
            <ul
              data-testid="app-drawer-core-list"
              style={{
                listStyle: 'none',
                margin: 0,
                padding: 0,
                display: 'grid',
                // Side by side on a narrow screen, so the market starts within the first screenful.
                gridTemplateColumns: narrow ? 'repeat(2, minmax(0, 1fr))' : 'minmax(0, 1fr)',
                gap: 4,
              }}
            >
              {headerMenu.map((item) => {
                const menu = adminMenuFor(adminMenu, item.path);
                return (
                  <li key={`${item.addon}:${item.path}`}>
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
                  </li>
                );
              })}
            </ul>
          )}
        </nav>
        <section
          aria-label={t('drawer.market')}
          data-testid="app-drawer-market"
          style={{ flex: 1, minWidth: 0, padding: 16, overflow: narrow ? undefined : 'auto' }}
        >
          {mayManage && (
            <Flex justify="end" style={{ marginBlockEnd: 8 }}>
              <Typography.Link
                href={`${BASE_PATH}${MANAGE_APPS_PATH}`}
                data-testid="app-drawer-manage"
                onClick={(event) => {
                  // A click stays in the console; the address is there for a new tab and for assistive technology.
                  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                  event.preventDefault();
                  manageApps();
                }}
              >
                <SettingOutlined /> {t('drawer.market.manage')}
              </Typography.Link>
            </Flex>
          )}
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
