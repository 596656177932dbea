/** Chinese texts of the server's messages about platform binding, keyed by their English template (see ../render.ts). */
export const platformBindZhCN: Readonly<Record<string, string>> = {
  // Contract (platform-bind.contract.ts)
  'Platform URL cannot be empty': '平台地址不能为空',
  'Platform URL must be at most 512 characters': '平台地址最多 512 个字符',
  'Platform URL cannot contain NUL characters': '平台地址不能包含 NUL 字符',
  'Client id must be text': '客户端 ID 必须是文本',
  'Client id must be at most 128 characters': '客户端 ID 最多 128 个字符',
  'Client id cannot contain NUL characters': '客户端 ID 不能包含 NUL 字符',
  'Platform username cannot be empty': '平台用户名不能为空',
  'Platform username must be at most 64 characters': '平台用户名最多 64 个字符',
  'Platform username cannot contain NUL characters': '平台用户名不能包含 NUL 字符',
  'Platform password cannot be empty': '平台密码不能为空',
  'Platform password must be at most 128 characters': '平台密码最多 128 个字符',
  'Platform password cannot contain NUL characters': '平台密码不能包含 NUL 字符',
  'Captcha id must be at most 64 characters': '验证码 ID 最多 64 个字符',
  'Captcha code must be at most 16 characters': '验证码最多 16 个字符',
  // The outgoing calls (platform-client.ts)
  'platformUrl: the platform URL {url} is not a valid address: enter it as https://platform.example.com':
    '平台地址 {url} 不是有效的地址：请按 https://platform.example.com 的格式填写',
  'platformUrl: the platform URL must start with http:// or https:// (such as https://platform.example.com)':
    '平台地址必须以 http:// 或 https:// 开头（例如 https://platform.example.com）',
  'platformUrl: the platform URL must not contain a user name or password: enter the address only, and the account below':
    '平台地址中不能包含用户名或密码：地址栏只填地址，账号填在下方',
  'platformUrl: the platform host {host} is not allowed on this server: ask the administrator to add it to PLATFORM_BIND_ALLOWED_HOSTS, or bind to an allowed platform':
    '本服务器不允许连接平台主机 {host}：请管理员将其加入 PLATFORM_BIND_ALLOWED_HOSTS，或绑定允许的平台',
  'The platform at {url} cannot be reached ({reason}): check the platform URL and that the platform is running':
    '无法连接 {url} 的平台（{reason}）：请检查平台地址，并确认该平台正在运行',
  'The platform at {url} did not answer within {seconds} seconds: check the platform URL, or try again when the platform is less busy':
    '{url} 的平台在 {seconds} 秒内没有应答：请检查平台地址，或稍后平台空闲时再试',
  'The platform at {url} answered with a redirect to {location}: redirects are not followed, enter the address the platform really answers on':
    '{url} 的平台返回了跳转到 {location} 的应答：系统不跟随跳转，请填写平台实际应答的地址',
  'The address {url} did not answer like a User Centre platform (HTTP {status}): check the platform URL':
    '地址 {url} 的应答不像用户中心平台（HTTP {status}）：请检查平台地址',
  'The platform at {url} sent an answer larger than {limit} KiB: check the platform URL': '{url} 的平台返回的应答超过 {limit} KiB：请检查平台地址',
  'The platform refused the sign-in: {reason}': '平台拒绝了登录：{reason}',
  'The platform asks for a captcha for this sign-in: enter the code shown in the image and bind again':
    '平台要求此次登录输入验证码：请填写图片中的验证码后重新绑定',
  'The platform refused to show the account: {reason}': '平台拒绝返回账号信息：{reason}',
  'The platform no longer accepts the stored session (it expired or was ended there): bind again with your password':
    '平台已不再接受保存的会话（已过期或在平台上被结束）：请输入密码重新绑定',
  // The service (platform-bind.service.ts)
  'You have not bound a platform account yet: bind one first': '你还没有绑定平台账号：请先绑定',
  "The stored platform session cannot be read with this server's key (OPEN_ACCESS_KEY or DATA_DIR/secret.key changed): bind again with your password":
    '无法用本服务器的密钥读取保存的平台会话（OPEN_ACCESS_KEY 或 DATA_DIR/secret.key 已更改）：请输入密码重新绑定',
  'The platform ended the new session at once: check on the platform that this account may use its console, then bind again':
    '平台立即结束了新会话：请在平台上确认该账号可以使用控制台，然后重新绑定',
};
