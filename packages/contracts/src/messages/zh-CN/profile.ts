/** Chinese texts of the server's messages about the signed-in user's own account (issue 14), keyed by their English template (see ../render.ts). */
export const profileZhCN: Readonly<Record<string, string>> = {
  // Contract (profile.contract.ts)
  'Password is too long': '密码过长',
  'The notices setting must be true or false': '通知公告开关必须是 true 或 false',
  'The private letters setting must be true or false': '私信开关必须是 true 或 false',
  'The system messages setting must be true or false': '系统消息开关必须是 true 或 false',
  // The calls (modules/profile)
  'code: the code is wrong or has expired: ask for a new code to the new number and enter it': '验证码错误或已过期：请向新手机号重新获取验证码后输入',
  'password: the login password is wrong: enter the password you sign in with': '登录密码不正确：请输入您登录时使用的密码',
  'mobile: this is already the phone number of your account: enter the new number': '这已是您账号的手机号：请输入新的手机号',
  'mobile: the phone number "{mobile}" is on another user of your tenant: ask your administrator to remove it from that user, or use another number':
    '手机号“{mobile}”已是本租户另一位用户的号码：请联系管理员从那位用户处移除，或使用其他号码',
  'Too many wrong passwords: wait {seconds} seconds, then try again (or reset your password by SMS)':
    '密码错误次数过多：请等待 {seconds} 秒后重试（或通过短信重置密码）',
  'Too many SMS codes for this account: at most {limit} in {minutes} minutes; try again in {seconds} seconds':
    '此账号获取短信验证码过于频繁：{minutes} 分钟内最多 {limit} 次；请在 {seconds} 秒后重试',
};
