import { appInstallCall, appPurgeCall, appRollbackCall, appStatusCall, appUninstallCall, appUpdateCall } from '@uc/contracts';
import { type PermissionOf } from '@uc/client';
import { testDetails } from '../../lib/market-test-data';
import { anyOffered, offeredActions } from './offered-actions';

const everything = () => true;
const only =
  (...calls: { path: string }[]) =>
  (p: PermissionOf) =>
    calls.some((c) => c.path === (typeof p === 'string' ? p : p.path));

const kept = (version: string, over: object = {}) => ({
  versionId: `acme-report@${version}`,
  version,
  changelog: '',
  available: true,
  kept: true,
  current: false,
  size: 0,
  ...over,
});

describe('offeredActions', () => {
  it("offers nothing on one of the console's own areas, whatever the caller may do", () => {
    const d = testDetails({
      builtIn: true,
      installStatus: 3,
      localVersion: '1.2.0',
      enabled: true,
      versions: [kept('1.2.0', { current: true }), kept('1.1.0')],
    });
    expect(anyOffered(offeredActions(d, everything))).toBe(false);
  });

  it('offers install of the viewed version when nothing is installed, or the last attempt failed', () => {
    expect(offeredActions(testDetails(), everything)).toMatchObject({ install: true, updateViewed: false, status: false, uninstall: false, purge: false });
    expect(offeredActions(testDetails({ installStatus: -1, error: 'x' }), everything).install).toBe(true);
    // A version in no catalogue and not on this server cannot be installed.
    expect(offeredActions(testDetails({ viewedVersion: '9.9.9' }), everything).install).toBe(false);
  });

  it('offers update to the viewed version and to the newest, roll back, switch and uninstall when installed', () => {
    const d = testDetails({
      installStatus: 3,
      localVersion: '1.1.0',
      updateStatus: 1,
      version: '1.3.0',
      versionId: 'acme-report@1.3.0',
      viewedVersion: '1.2.0',
      versions: [kept('1.3.0', { kept: false }), kept('1.2.0', { kept: false }), kept('1.1.0', { current: true }), kept('1.0.0')],
    });
    expect(offeredActions(d, everything)).toEqual({
      install: false,
      updateViewed: true,
      updateNewest: true,
      rollback: true,
      status: true,
      uninstall: true,
      purge: false,
    });
    // Viewing the installed version: nothing to update to but the newest.
    expect(offeredActions({ ...d, viewedVersion: '1.1.0' }, everything)).toMatchObject({ updateViewed: false, updateNewest: true });
  });

  it('offers purge only when nothing is installed and files were kept', () => {
    expect(offeredActions(testDetails({ versions: [kept('1.2.0')] }), everything).purge).toBe(true);
    expect(offeredActions(testDetails(), everything).purge).toBe(false);
  });

  it('offers each action only to whom holds its call', () => {
    const installed = testDetails({ installStatus: 3, localVersion: '1.1.0', versions: [kept('1.2.0'), kept('1.1.0', { current: true })] });
    expect(anyOffered(offeredActions(installed, () => false))).toBe(false);
    expect(offeredActions(testDetails(), only(appInstallCall)).install).toBe(true);
    expect(offeredActions(installed, only(appStatusCall))).toEqual({
      install: false,
      updateViewed: false,
      updateNewest: false,
      rollback: false,
      status: true,
      uninstall: false,
      purge: false,
    });
    expect(offeredActions(installed, only(appUpdateCall, appRollbackCall, appUninstallCall, appPurgeCall))).toMatchObject({
      updateViewed: true,
      rollback: true,
      uninstall: true,
      status: false,
    });
  });
});
