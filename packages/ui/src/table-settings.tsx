import { ColumnHeightOutlined, FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Dropdown, theme } from 'antd';
import { useCallback, useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { useT } from '@uc/client';

/** antd's table sizes, as the density menu names them: 默认, 中等, 紧凑. */
export type TableDensity = 'large' | 'middle' | 'small';
const DENSITIES: readonly TableDensity[] = ['large', 'middle', 'small'];

/** Where a table's density is kept (beside the column settings' `uc.<app>.<screen>.hiddenColumns`). */
export const densityStorageKey = (tableKey: string): string => `uc.table.${tableKey}.density`;

const readDensity = (tableKey: string | undefined, fallback: TableDensity): TableDensity => {
  if (!tableKey) return fallback;
  try {
    const stored = localStorage.getItem(densityStorageKey(tableKey));
    return DENSITIES.includes(stored as TableDensity) ? (stored as TableDensity) : fallback;
  } catch {
    return fallback;
  }
};

export interface TableSettings {
  density: TableDensity;
  /** The table fills the window (and the screen, when the browser lets it). */
  fullScreen: boolean;
  /** The style of the element holding the toolbar and the table: fixed over the whole window in full screen. */
  frameStyle: CSSProperties | undefined;
  /** The density menu and the full-screen button, for the list's toolbar. */
  controls: ReactNode;
}

/**
 * The density (antd's table sizes) and full-screen controls of a list, as Ant Design Pro's tables have
 * them. The density is kept per table in local storage (`tableKey`), like the user list's column
 * settings; full screen is a mode of the moment and is not kept (a browser enters full screen only on a
 * click). Full screen lays the list over the whole window and asks the browser to show the page full
 * screen: the page itself, not the list's element, so dialogs and menus, which antd puts at the end of
 * the document, still show above it. Leaving the browser's full screen (Esc) leaves it too.
 */
export function useTableSettings(tableKey: string | undefined, defaultDensity: TableDensity = 'large'): TableSettings {
  const t = useT();
  const { token } = theme.useToken();
  const [density, setDensityState] = useState<TableDensity>(() => readDensity(tableKey, defaultDensity));
  const [fullScreen, setFullScreen] = useState(false);

  const setDensity = useCallback(
    (next: TableDensity) => {
      setDensityState(next);
      if (!tableKey) return;
      try {
        localStorage.setItem(densityStorageKey(tableKey), next);
      } catch {
        // Storage full or refused: the choice holds for this visit.
      }
    },
    [tableKey],
  );

  const toggleFullScreen = () => {
    const next = !fullScreen;
    setFullScreen(next);
    if (next && !document.fullscreenElement) void document.documentElement.requestFullscreen?.().catch(() => undefined);
    if (!next && document.fullscreenElement) void document.exitFullscreen?.().catch(() => undefined);
  };

  useEffect(() => {
    if (!fullScreen) return;
    // The browser left full screen (Esc, F11): the list leaves it too.
    const left = () => {
      if (!document.fullscreenElement) setFullScreen(false);
    };
    document.addEventListener('fullscreenchange', left);
    return () => document.removeEventListener('fullscreenchange', left);
  }, [fullScreen]);

  // Leaving the page in full screen gives the browser's full screen back.
  useEffect(
    () => () => {
      if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => undefined);
    },
    [],
  );

  const frameStyle: CSSProperties | undefined = fullScreen
    ? {
        position: 'fixed',
        inset: 0,
        // Below antd's dialogs (1000) and menus, above the console's header and side menu.
        zIndex: 999,
        padding: token.paddingLG,
        overflow: 'auto',
        background: token.colorBgContainer,
      }
    : undefined;

  const densityLabel = t('list.density');
  const fullLabel = t(fullScreen ? 'list.fullScreen.exit' : 'list.fullScreen');
  const controls = (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          selectable: true,
          selectedKeys: [density],
          items: DENSITIES.map((d) => ({ key: d, label: t(`list.density.${d}`) })),
          onClick: ({ key }) => setDensity(key as TableDensity),
        }}
      >
        <Button icon={<ColumnHeightOutlined />} aria-label={densityLabel} title={densityLabel} />
      </Dropdown>
      <Button
        icon={fullScreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        aria-label={fullLabel}
        aria-pressed={fullScreen}
        title={fullLabel}
        onClick={toggleFullScreen}
      />
    </>
  );
  return { density, fullScreen, frameStyle, controls };
}
