import { ICP_CODE_RULE, SITE_NAME_REQUIRED, SMS_COOLDOWN_RULE } from '../../site-settings.contract';

/** Chinese texts of the server's messages about the site settings, keyed by their English template (see ../render.ts). */
export const siteSettingsZhCN: Readonly<Record<string, string>> = {
  // Contract (site-settings.contract.ts); the registration fields' rules are the tenant policy's (tenant-policy.ts).
  [SITE_NAME_REQUIRED]: '站点名称不能为空',
  'Site name must be at most 64 characters': '站点名称最多 64 个字符',
  'The copyright must be text': '版权信息必须是文本',
  'Copyright text must be at most 200 characters': '版权信息最多 200 个字符',
  [ICP_CODE_RULE]: 'ICP 备案号须形如 京ICP备12345678号 或 京ICP备12345678号-1；留空则页脚不显示备案链接',
  'The offline-capable app setting must be true or false': '离线应用开关必须是 true 或 false',
  'The registration setting must be true or false': '开放注册开关必须是 true 或 false',
  'The invitation code setting must be true or false': '强制邀请码开关必须是 true 或 false',
  'The sign-in captcha setting must be true or false': '登录验证码开关必须是 true 或 false',
  'The demo mode setting must be true or false': '演示模式开关必须是 true 或 false',
  'The SMS sign-in setting must be true or false': '短信登录开关必须是 true 或 false',
  [SMS_COOLDOWN_RULE]: '短信发送间隔必须是 30 到 600 之间的整数秒',
  // Server (modules/site)
  'tenantSetting: there is no default tenant policy, which holds what registration does: mark a policy as the default under Tenant policies first':
    '没有默认租户策略，注册方式保存在默认策略中：请先在“租户策略”中将一个策略设为默认',
};
