import type { MessageTable } from '@uc/client';

/** Texts every part of the market uses. */
export const marketEnUS: MessageTable = {
  'market.status.notInstalled': 'Not installed',
  'market.status.downloading': 'Downloading',
  'market.status.installing': 'Installing',
  'market.status.installed': 'Installed',
  'market.status.failed': 'Install failed',
  'market.disabled': 'Disabled',
  'market.ok': 'OK',
  'market.cancel': 'Cancel',
};
