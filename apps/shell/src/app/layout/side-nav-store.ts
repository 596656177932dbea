import { useSyncExternalStore } from 'react';
import { create } from 'zustand';

/** Kept in local storage beside the spec's keys, so the side menu stays as the user left it after a reload. */
export const SIDER_COLLAPSED_KEY = 'SIDER-COLLAPSED';

const readCollapsed = (): boolean => {
  try {
    return globalThis.localStorage?.getItem(SIDER_COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
};

interface SideNavState {
  /** The side menu shows icons only (wide screens). */
  collapsed: boolean;
  /** The side menu's drawer is open (narrow screens, where it takes no room of its own). */
  drawerOpen: boolean;
}

export const useSideNav = create<SideNavState>()(() => ({ collapsed: readCollapsed(), drawerOpen: false }));

export function setSiderCollapsed(collapsed: boolean): void {
  try {
    if (collapsed) globalThis.localStorage?.setItem(SIDER_COLLAPSED_KEY, 'true');
    else globalThis.localStorage?.removeItem(SIDER_COLLAPSED_KEY);
  } catch {
    /* storage blocked: the choice holds for this page */
  }
  useSideNav.setState({ collapsed });
}

export const setMenuDrawerOpen = (drawerOpen: boolean): void => useSideNav.setState({ drawerOpen });

/**
 * Phones and small tablets: below antd's md breakpoint (768px) a 208px side menu would leave the page
 * about 130px, so the menu becomes a drawer there.
 */
export const NARROW_QUERY = '(max-width: 767.98px)';

function subscribeNarrow(onChange: () => void): () => void {
  const query = globalThis.matchMedia?.(NARROW_QUERY);
  query?.addEventListener?.('change', onChange);
  return () => query?.removeEventListener?.('change', onChange);
}
const narrowNow = (): boolean => globalThis.matchMedia?.(NARROW_QUERY).matches ?? false;

/** Whether the screen is narrow (NARROW_QUERY), read before the first paint and followed as it turns or resizes. */
export const useNarrowScreen = (): boolean => useSyncExternalStore(subscribeNarrow, narrowNow, () => false);
