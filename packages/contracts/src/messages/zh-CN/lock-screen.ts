/** Chinese texts of the lock screen's unlock (member-unlock.routes.ts); its throttle's refusals are the sign-in's (auth.ts). */
export const lockScreenZhCN: Readonly<Record<string, string>> = {
  'The password is wrong: enter the password you sign in with, or sign out': '密码不正确，请输入您登录时使用的密码，或退出登录',
};
