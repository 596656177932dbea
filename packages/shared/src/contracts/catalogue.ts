import type { CallContract } from './define-call';
import { accountLoginCall, logoutCall } from './auth.contract';
import { DEPT_CALLS } from './dept.contract';
import { POST_CALLS } from './post.contract';
import { MEMBER_BALANCE_CALLS } from './member-balance.contract';
import { MEMBER_WRITE_CALLS } from './member-write.contract';
import { uploadImageCall } from './upload.contract';
import { memberImportCall } from './member-import.contract';
import { memberInfoCall, memberListCall } from './member.contract';
import { adminMenuCall, headerMenuCall } from './menu.contract';
import { captchaCall, loginConfigCall, remotesCall, siteConfigCall } from './site.contract';

/**
 * Every API call of the console. The server registers exactly these (a call without a handler fails
 * start-up), and the permission catalogue is derived from the `permission` ones: declared once, here.
 */
export const ALL_CALLS: readonly CallContract[] = [
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
  ...DEPT_CALLS,
  ...POST_CALLS,
  ...MEMBER_WRITE_CALLS,
  ...MEMBER_BALANCE_CALLS,
  uploadImageCall,
  memberImportCall,
];

/** Permission strings (API addresses) that roles can be granted. */
export const PERMISSION_CATALOGUE: readonly string[] = ALL_CALLS.filter((c) => c.access === 'permission').map((c) => c.path);
