import { authZhCN } from './auth';
import { commonZhCN } from './common';
import { orgZhCN } from './org';
import { permissionZhCN } from './permission';
import { tenantZhCN } from './tenant';
import { tenantPolicyZhCN } from './tenant-policy';
import { tenantManageZhCN } from './tenant-manage';
import { platformBindZhCN } from './platform-bind';
import { noticeZhCN } from './notice';
import { profileZhCN } from './profile';
import { upgradeLogZhCN } from './upgrade-log';
import { oidcZhCN } from './oidc';
import { addonZhCN } from './addon';
import { dashboardZhCN } from './dashboard';
import { siteSettingsZhCN } from './site-settings';
import { remoteZhCN } from './remote';
import { monitorZhCN } from './monitor';
import { memberImportZhCN } from './member-import';
import { lockScreenZhCN } from './lock-screen';

/**
 * Every message the server can send, in Chinese, keyed by its English text. One file per domain so
 * teams add their texts without touching each other's; a duplicate key across files is a test failure.
 */
export const ZH_CN_PARTS = {
  common: commonZhCN,
  auth: authZhCN,
  org: orgZhCN,
  permission: permissionZhCN,
  tenant: tenantZhCN,
  tenantPolicy: tenantPolicyZhCN,
  tenantManage: tenantManageZhCN,
  platformBind: platformBindZhCN,
  notice: noticeZhCN,
  profile: profileZhCN,
  upgradeLog: upgradeLogZhCN,
  oidc: oidcZhCN,
  addon: addonZhCN,
  dashboard: dashboardZhCN,
  siteSettings: siteSettingsZhCN,
  remote: remoteZhCN,
  monitor: monitorZhCN,
  memberImport: memberImportZhCN,
  lockScreen: lockScreenZhCN,
};

export const ZH_CN_MESSAGES: Readonly<Record<string, string>> = Object.assign({}, ...Object.values(ZH_CN_PARTS));
