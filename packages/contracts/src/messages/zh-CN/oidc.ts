/** Chinese texts of the server's messages about third-party sign-in (OpenID Connect), keyed by their English template (see ../render.ts). */
export const oidcZhCN: Readonly<Record<string, string>> = {
  // Contract (oidc.contract.ts)
  'Choose an identity provider': '请选择第三方平台',
  'The identity provider must be at most 64 characters': '第三方平台标识最多 64 个字符',
  'The identity provider may contain letters, digits, _ and - only': '第三方平台标识只能包含字母、数字、_ 和 -',
  'The return address must be text': '跳转地址必须是文本',
  'The return address must be at most 2048 characters': '跳转地址最多 2048 个字符',
  'The return address cannot contain NUL characters': '跳转地址不能包含 NUL 字符',
  'Callback parameters must be at most 4096 characters': '回调参数最多 4096 个字符',
  'The sign-in code is required': '登录凭证不能为空',
  'The sign-in code must be at most 128 characters': '登录凭证最多 128 个字符',
  'The sign-in code cannot contain NUL characters': '登录凭证不能包含 NUL 字符',
  // The calls (modules/oidc)
  'provider: no OpenID Connect provider "{provider}" is configured: choose one of the providers shown, or ask the administrator to add it to OIDC_PROVIDERS':
    '未配置名为“{provider}”的 OpenID Connect 平台：请选择页面上列出的平台，或请管理员将其加入 OIDC_PROVIDERS',
  'The sign-in provider {name} cannot be reached ({reason}): try again later, or ask the administrator to check its issuer in OIDC_PROVIDERS':
    '无法连接第三方登录平台 {name}（{reason}）：请稍后重试，或请管理员检查 OIDC_PROVIDERS 中它的 issuer 地址',
  'its configuration (/.well-known/openid-configuration) could not be read': '无法读取其配置（/.well-known/openid-configuration）',
  'This account at {provider} is not bound to any user here: sign in with your user name and password, then bind it under Account settings, Third-party accounts':
    '该 {provider} 账号尚未绑定本系统的任何用户：请先用用户名和密码登录，再到“个人设置 - 第三方绑定”中绑定',
  'code: this sign-in with the provider ran out or was used already: sign in with the provider again':
    '本次第三方登录已过期或已被使用：请重新通过第三方平台登录',
  'provider: your account is already bound to an account at {provider}: unbind it first to bind another':
    '您的账号已绑定一个 {provider} 账号：如需绑定其他账号，请先解除绑定',
  'provider: your account is not bound to {provider}: there is nothing to unbind': '您的账号未绑定 {provider}：无需解除绑定',
  'Too many OpenID Connect sign-ins from this address: at most {limit} in a minute; try again in {seconds} seconds':
    '此地址发起第三方登录过于频繁：每分钟最多 {limit} 次；请在 {seconds} 秒后重试',
};
