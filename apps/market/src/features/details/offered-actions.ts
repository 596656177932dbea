import { appInstallCall, appPurgeCall, appRollbackCall, appStatusCall, appUninstallCall, appUpdateCall, InstallStatus, type AppDetails } from '@uc/contracts';
import { type PermissionOf } from '@uc/client';

/** What the details page offers; each needs its call's permission (the platform's market buttons). */
export interface OfferedActions {
  /** Install the viewed version: nothing installed (never, or the last attempt failed). */
  install: boolean;
  /** Switch the installed addon to the viewed version (a newer or an older one the market offers). */
  updateViewed: boolean;
  /** Update to the newest version, when that is not the viewed one. */
  updateNewest: boolean;
  /** Roll back to a kept version (per row of the versions table). */
  rollback: boolean;
  status: boolean;
  uninstall: boolean;
  /** Delete the files an uninstalled addon left. */
  purge: boolean;
}

const NOTHING: OfferedActions = { install: false, updateViewed: false, updateNewest: false, rollback: false, status: false, uninstall: false, purge: false };

export function offeredActions(d: AppDetails, can: (permission: PermissionOf) => boolean): OfferedActions {
  // The console's own areas come and go with its build, never through the market.
  if (d.builtIn) return NOTHING;
  const installed = d.localVersion !== '';
  const viewed = d.versions.find((v) => v.version === d.viewedVersion);
  const notInstalled = d.installStatus === InstallStatus.notInstalled || d.installStatus === InstallStatus.failed;
  return {
    install: !installed && notInstalled && !!viewed && (viewed.available || viewed.kept) && can(appInstallCall),
    updateViewed: installed && d.viewedVersion !== d.localVersion && !!viewed?.available && can(appUpdateCall),
    updateNewest: installed && d.updateStatus === 1 && d.version !== d.viewedVersion && can(appUpdateCall),
    rollback: installed && can(appRollbackCall),
    status: installed && can(appStatusCall),
    uninstall: installed && can(appUninstallCall),
    purge: !installed && d.versions.some((v) => v.kept) && can(appPurgeCall),
  };
}

/** Whether a user may do anything here at all (else the page is read-only). */
export const anyOffered = (o: OfferedActions): boolean => Object.values(o).some(Boolean);
