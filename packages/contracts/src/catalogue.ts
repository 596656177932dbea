import { permissionOf, type CallContract } from './define-call';
import { NOTICE_ADMIN_CALLS, NOTICE_CALLS } from './notice.contract';
import {
  accountLoginCall,
  captchaCall,
  demoLoginCall,
  loginConfigCall,
  logoutCall,
  mobileLoginCall,
  openLoginCall,
  registerCall,
  remotesCall,
  resetPasswordSmsCall,
  siteConfigCall,
} from './site.contract';
import { smsSendCall } from './sms.contract';
import {
  MEMBER_BALANCE_CALLS,
  MEMBER_BATCH_CALLS,
  MEMBER_WRITE_CALLS,
  forceLogoutCall,
  memberImportCall,
  memberInfoCall,
  memberListCall,
  memberSessionsCall,
  revokeSessionCall,
  updatePasswordCall,
} from './member.contract';
import { memberUnlockCall } from './member-unlock.contract';
import { auditLogListCall, loginLogListCall } from './log.contract';
import { ONLINE_CALLS, onlineForceLogoutCall } from './online.contract';
import { DEPT_CALLS } from './dept.contract';
import { POST_CALLS } from './post.contract';
import { uploadImageCall } from './upload.contract';
import { iconListCall } from './icon.contract';
import { menuDeleteCall, menuEditCall, menuListCall, menuOptionCall, menuStatusCall, menuViewCall } from './menu.contract';
import {
  adminMenuCall,
  headerMenuCall,
  roleDeleteCall,
  roleDeptTreeCall,
  roleEditCall,
  roleListCall,
  roleMenuTreeCall,
  roleMenusCall,
  roleOptionCall,
  roleStatusCall,
  roleViewCall,
} from './role.contract';
import {
  openAccessDeleteCall,
  openAccessEditCall,
  openAccessListCall,
  openAccessRotateCall,
  openAccessStatusCall,
  openAccessViewCall,
} from './open-access.contract';
import { TENANT_INVITE_CALLS } from './tenant-invite.contract';
import { TENANT_POLICY_CALLS } from './tenant-policy.contract';
import { TENANT_CALLS } from './tenant.contract';
import { PLATFORM_BIND_CALLS } from './platform-bind.contract';
import { TENANT_QUOTA_CALLS } from './tenant-quota.contract';
import { PROFILE_CALLS } from './profile.contract';
import { UPGRADE_LOG_CALLS } from './upgrade-log.contract';
import { OIDC_CALLS } from './oidc.contract';
import { ADDON_CALLS } from './addon.contract';
import { DASHBOARD_CALLS } from './dashboard.contract';
import { SITE_SETTINGS_CALLS } from './site-settings.contract';

/**
 * Every API call of the console. The server registers exactly these (a call without a handler fails
 * start-up), and the permission catalogue is derived from the `permission` ones: declared once, here.
 */
export const ALL_CALLS: readonly CallContract[] = [
  ...NOTICE_CALLS,
  ...NOTICE_ADMIN_CALLS,
  siteConfigCall,
  loginConfigCall,
  captchaCall,
  remotesCall,
  accountLoginCall,
  logoutCall,
  memberInfoCall,
  memberListCall,
  headerMenuCall,
  adminMenuCall,
  loginLogListCall,
  auditLogListCall,
  memberSessionsCall,
  revokeSessionCall,
  forceLogoutCall,
  updatePasswordCall,
  memberUnlockCall,
  smsSendCall,
  mobileLoginCall,
  resetPasswordSmsCall,
  registerCall,
  menuListCall,
  menuViewCall,
  menuOptionCall,
  menuEditCall,
  menuDeleteCall,
  menuStatusCall,
  iconListCall,
  roleListCall,
  roleViewCall,
  roleOptionCall,
  roleEditCall,
  roleDeleteCall,
  roleStatusCall,
  roleMenusCall,
  roleMenuTreeCall,
  roleDeptTreeCall,
  ...DEPT_CALLS,
  ...POST_CALLS,
  ...MEMBER_WRITE_CALLS,
  ...MEMBER_BALANCE_CALLS,
  ...MEMBER_BATCH_CALLS,
  uploadImageCall,
  openLoginCall,
  demoLoginCall,
  openAccessListCall,
  openAccessViewCall,
  openAccessEditCall,
  openAccessRotateCall,
  openAccessStatusCall,
  openAccessDeleteCall,
  memberImportCall,
  ...TENANT_INVITE_CALLS,
  ...TENANT_POLICY_CALLS,
  ...TENANT_CALLS,
  ...PLATFORM_BIND_CALLS,
  ...TENANT_QUOTA_CALLS,
  ...PROFILE_CALLS,
  ...UPGRADE_LOG_CALLS,
  ...OIDC_CALLS,
  ...ADDON_CALLS,
  ...DASHBOARD_CALLS,
  ...SITE_SETTINGS_CALLS,
  ...ONLINE_CALLS,
];

/**
 * Permission strings (API addresses) that roles can be granted: each permission call's own address, or
 * the one it names (a batch call needs its single-row call's, so it adds none).
 */
export const PERMISSION_CATALOGUE: readonly string[] = [...new Set(ALL_CALLS.filter((c) => c.access === 'permission').map(permissionOf))];

/** The organisation and permission screens' calls, which a platform administrator may make in a tenant. */
export const TENANT_OPERABLE_CALLS: ReadonlySet<CallContract> = new Set<CallContract>([
  memberListCall,
  memberImportCall,
  forceLogoutCall,
  ...MEMBER_WRITE_CALLS,
  ...MEMBER_BALANCE_CALLS,
  ...MEMBER_BATCH_CALLS,
  loginLogListCall,
  auditLogListCall,
  onlineForceLogoutCall,
  ...DEPT_CALLS,
  ...POST_CALLS,
  roleListCall,
  roleViewCall,
  roleOptionCall,
  roleEditCall,
  roleDeleteCall,
  roleStatusCall,
  roleMenusCall,
  roleMenuTreeCall,
  roleDeptTreeCall,
  uploadImageCall,
]);
