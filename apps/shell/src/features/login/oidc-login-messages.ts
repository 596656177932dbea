import type { MessageTable } from '@uc/client';

/** Texts of the login page's third-party sign-in (OpenID Connect), registered by oidc-login-buttons.tsx. */
export const oidcLoginZhCN: MessageTable = {
  'login.oidc.divider': '其他登录方式',
  'login.oidc.button': '使用 {name} 登录',
  'login.oidc.signingIn': '正在通过第三方平台登录…',
  'login.oidc.error.expired': '第三方登录已过期或已被使用：请点击下方的第三方登录按钮重新登录',
  'login.oidc.error.denied': '您在第三方平台取消了登录：如需登录，请再次点击第三方登录按钮',
  'login.oidc.error.failed': '第三方平台的应答无法验证：请重试；如仍失败，请联系管理员查看服务器日志',
};

export const oidcLoginEnUS: MessageTable = {
  'login.oidc.divider': 'Or sign in with',
  'login.oidc.button': 'Sign in with {name}',
  'login.oidc.signingIn': 'Signing you in with the provider…',
  'login.oidc.error.expired': 'The sign-in with the provider ran out or was used already: click the provider button below to sign in again',
  'login.oidc.error.denied': 'You cancelled the sign-in at the provider: click its button again to sign in',
  'login.oidc.error.failed': "The provider's answer could not be verified: try again, and if it keeps failing ask the administrator to check the server log",
};
