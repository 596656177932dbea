import type { CallContract } from './define-call';
import { NOTICE_CALLS } from './notice.contract';
import { accountLoginCall, logoutCall } from './auth.contract';
import { mobileLoginCall, registerCall, resetPasswordSmsCall, smsSendCall } from './account.contract';
import { forceLogoutCall, memberSessionsCall, revokeSessionCall } from './session.contract';
import { updatePasswordCall } from './password.contract';
import { auditLogListCall, loginLogListCall } from './log.contract';
import { DEPT_CALLS } from './dept.contract';
import { POST_CALLS } from './post.contract';
import { MEMBER_BALANCE_CALLS } from './member-balance.contract';
import { MEMBER_WRITE_CALLS } from './member-write.contract';
import { uploadImageCall } from './upload.contract';
import { memberImportCall } from './member-import.contract';
import { memberInfoCall, memberListCall } from './member.contract';
import { iconListCall } from './icon.contract';
import { menuDeleteCall, menuEditCall, menuListCall, menuOptionCall, menuStatusCall, menuViewCall } from './menu-admin.contract';
import { adminMenuCall, headerMenuCall } from './menu.contract';
import {
  roleDeleteCall,
  roleDeptTreeCall,
  roleEditCall,
  roleListCall,
  roleMenusCall,
  roleMenuTreeCall,
  roleOptionCall,
  roleStatusCall,
  roleViewCall,
} from './role.contract';
import {
  demoLoginCall,
  openAccessDeleteCall,
  openAccessEditCall,
  openAccessListCall,
  openAccessRotateCall,
  openAccessStatusCall,
  openAccessViewCall,
  openLoginCall,
} from './open-access.contract';
import { TENANT_INVITE_CALLS } from './tenant-invite.contract';
import { captchaCall, loginConfigCall, remotesCall, siteConfigCall } from './site.contract';

/**
 * Every API call of the console. The server registers exactly these (a call without a handler fails
 * start-up), and the permission catalogue is derived from the `permission` ones: declared once, here.
 */
export const ALL_CALLS: readonly CallContract[] = [
  ...NOTICE_CALLS,
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
];

/** Permission strings (API addresses) that roles can be granted. */
export const PERMISSION_CATALOGUE: readonly string[] = ALL_CALLS.filter((c) => c.access === 'permission').map((c) => c.path);
