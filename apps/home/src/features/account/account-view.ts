/** The settings tabs, in menu order; `?tab=` names one. */
export const SETTINGS_TABS = ['basic', 'security', 'withdrawal', 'binding', 'notification'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

export type AccountView = { view: 'center' } | { view: 'settings'; tab: SettingsTab };

const isTab = (value: string | null): value is SettingsTab => (SETTINGS_TABS as readonly (string | null)[]).includes(value);

/**
 * What /home/account shows, from its query string: `?view=settings&tab=security`, or the centre. An
 * address that names nothing known (an old bookmark, a typo) opens the nearest thing, never an error.
 */
export function accountViewOf(params: URLSearchParams): AccountView {
  if (params.get('view') !== 'settings') return { view: 'center' };
  const tab = params.get('tab');
  return { view: 'settings', tab: isTab(tab) ? tab : 'basic' };
}

/** The query string of a view, so reload and back land where the user was. */
export function accountSearchOf(view: AccountView): URLSearchParams {
  return new URLSearchParams(view.view === 'center' ? { view: 'center' } : { view: 'settings', tab: view.tab });
}
