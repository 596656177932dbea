import type { MessageTable } from '@uc/client';

/** Settings, third-party accounts (/home/account?view=settings&tab=binding): OpenID Connect binding. */
export const thirdPartyZhCN: MessageTable = {
  'home.thirdParty.loadFailed': '第三方账号加载失败：请检查网络连接后点击“重试”',
  'home.thirdParty.intro': '绑定后，可在登录页点击对应的第三方登录按钮直接登录本账号。',
  'home.thirdParty.bound': '已绑定',
  'home.thirdParty.unbound': '未绑定',
  'home.thirdParty.account': '账号：{account}',
  'home.thirdParty.boundAt': '绑定时间：{time}',
  'home.thirdParty.removed': '已移除',
  'home.thirdParty.removedHint': '管理员已从配置中移除该平台，它不能再用于登录；可以解除绑定。',
  'home.thirdParty.bind': '绑定',
  'home.thirdParty.unbind': '解除绑定',
  'home.thirdParty.unbindConfirm': '确定解除与 {provider} 的绑定吗？解除后将不能再用该账号登录。',
  'home.thirdParty.unbindOk': '解除',
  'home.thirdParty.cancel': '取消',
  'home.thirdParty.none.title': '尚未配置第三方登录',
  'home.thirdParty.none.description': '平台还没有开通第三方账号登录；如需使用，请联系平台管理员。',
  'home.thirdParty.none.adminDescription':
    '要让用户用企业账号等第三方账号（OpenID Connect）登录：在服务器的第三方登录设置 OIDC_PROVIDERS 中添加登录平台，在该平台登记本控制台的回调地址 {callback}，然后重启服务器。之后每位用户都可以在这里绑定自己的账号。',
  'home.thirdParty.result.bound': '已绑定 {provider} 账号：此后可在登录页使用它登录',
  'home.thirdParty.result.taken': '该 {provider} 账号已绑定本系统的其他用户，未能绑定：请在 {provider} 换一个账号登录后重新绑定，或请对方先解除绑定',
  'home.thirdParty.result.expired': '本次绑定已过期或已被使用，未能绑定：请重新点击“绑定”',
  'home.thirdParty.result.denied': '您在 {provider} 取消了授权，未绑定：如需绑定，请重新点击“绑定”',
  'home.thirdParty.result.failed': '{provider} 的应答无法验证，未能绑定：请重试；如仍失败，请联系管理员查看服务器日志',
};

export const thirdPartyEnUS: MessageTable = {
  'home.thirdParty.loadFailed': 'Your third-party accounts could not be loaded: check the network connection, then click Retry',
  'home.thirdParty.intro': 'Once an account is bound, its button on the login page signs you in to this account.',
  'home.thirdParty.bound': 'Bound',
  'home.thirdParty.unbound': 'Not bound',
  'home.thirdParty.account': 'Account: {account}',
  'home.thirdParty.boundAt': 'Bound on {time}',
  'home.thirdParty.removed': 'Removed',
  'home.thirdParty.removedHint': 'The administrator removed this provider from the configuration: it no longer signs you in. You may unbind it.',
  'home.thirdParty.bind': 'Bind',
  'home.thirdParty.unbind': 'Unbind',
  'home.thirdParty.unbindConfirm': 'Unbind your {provider} account? It will no longer sign you in.',
  'home.thirdParty.unbindOk': 'Unbind',
  'home.thirdParty.cancel': 'Cancel',
  'home.thirdParty.none.title': 'No third-party sign-in is configured',
  'home.thirdParty.none.description': 'The platform offers no third-party sign-in yet; ask the platform administrator if you need it.',
  'home.thirdParty.none.adminDescription':
    'To let users sign in with a third-party account such as a company one (OpenID Connect): add the provider to the server’s third-party sign-in setting, OIDC_PROVIDERS, register this console’s callback address {callback} at the provider, and restart the server. Each user can then bind their own account here.',
  'home.thirdParty.result.bound': 'Your {provider} account is bound: from now on it signs you in from the login page',
  'home.thirdParty.result.taken':
    'That {provider} account is bound to another user here, so it was not bound: sign in to {provider} with another account and bind again, or ask that user to unbind it first',
  'home.thirdParty.result.expired': 'This binding ran out or was used already, so nothing was bound: click Bind again',
  'home.thirdParty.result.denied': 'You cancelled at {provider}, so nothing was bound: click Bind again to bind',
  'home.thirdParty.result.failed':
    "{provider}'s answer could not be verified, so nothing was bound: try again, and if it keeps failing ask the administrator to check the server log",
};
