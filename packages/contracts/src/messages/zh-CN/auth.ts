/** Chinese texts of the server's auth messages, keyed by their English template (see ../render.ts). */
export const authZhCN: Readonly<Record<string, string>> = {
  'Username cannot be empty': '用户名不能为空',
  'Username must be at most 64 characters': '用户名最多 64 个字符',
  'Username must be at least 3 characters': '用户名至少 3 个字符',
  'Username may contain letters, digits and _ . @ - only': '用户名只能包含字母、数字和 _ . @ -',
  'Username must be 2 to 64 letters, digits or _ . @ -': '用户名必须是 2 到 64 个字母、数字或 _ . @ -',
  'Password cannot be empty': '密码不能为空',
  'Password must be at least 8 characters': '密码至少 8 个字符',
  'Password must be at most 128 characters': '密码最多 128 个字符',
  'Password must be at most 64 characters': '密码最多 64 个字符',
  'Current password cannot be empty': '当前密码不能为空',
  'Current password is too long': '当前密码过长',
  'Signing out on other devices must be true or false': '是否退出其他设备必须是 true 或 false',
  'The verification code must be the 6 digits of the SMS': '验证码必须是短信中的 6 位数字',
  'The SMS purpose must be one of login, register, resetPwd, bind': '短信用途必须是 login、register、resetPwd 或 bind 之一',
  'Invitation code must be at most 64 characters': '邀请码最多 64 个字符',
  'The access key is required': '访问密钥不能为空',
  'The access key must be at most 128 characters': '访问密钥最多 128 个字符',
  'The request nonce is required': '请求随机串不能为空',
  'The request nonce must be 16 to 64 characters': '请求随机串必须是 16 到 64 个字符',
  'The request nonce must be printable ASCII without spaces': '请求随机串必须是不含空格的可打印 ASCII 字符',
  'The request signature is required': '请求签名不能为空',
  'The request signature must be at most 128 characters': '请求签名最多 128 个字符',
  'The request timestamp is required: unix time in seconds': '请求时间戳不能为空：以秒为单位的 Unix 时间',
  'The request timestamp must be unix time in whole seconds': '请求时间戳必须是以整秒为单位的 Unix 时间',
  'Choose the user the key acts as': '请选择该密钥代表的用户',
  'Sign-in by SMS is turned off: sign in with your user name and password': '短信登录已关闭，请使用用户名和密码登录',
  'No account uses this phone number: check the number or register': '没有账号使用这个手机号，请检查号码或先注册',
  'Registration is closed: ask an administrator for an account': '注册已关闭，请联系管理员开通账号',
  'inviteCode: an invitation code is required to register here: ask the platform for one': '注册需要邀请码，请向平台索取',
  'username: this user name is taken: choose another': '该用户名已被占用，请换一个',
  'mobile: this phone number is already registered: sign in, or reset the password by SMS': '该手机号已注册，请直接登录，或通过短信重置密码',
  'mobile: a user of the organisation you are joining already has this phone number: ask its administrator for that account (and verify the number in its account settings), or register with another number':
    '您要加入的组织中已有用户使用此手机号：请向其管理员索取该账号（并在其账户设置中验证此号码），或使用其他号码注册',
  'inviteCode: this invitation code is not valid or was already used: check it, or ask for a new one': '邀请码无效或已被使用，请检查，或索取新的邀请码',
  'Registration is not set up: there is no default tenant policy; tell the platform administrator': '注册尚未配置：没有默认租户策略，请联系平台管理员',
  'Registration is not set up: the default tenant policy has no default tenant; tell the platform administrator':
    '注册尚未配置：默认租户策略没有默认租户，请联系平台管理员',
  'inviteCode: this invitation code was just used: ask for a new one': '该邀请码刚刚已被使用，请索取新的邀请码',
  'Your session has expired or was ended: please sign in again': '您的登录已过期或已被结束，请重新登录',
  'Your account is disabled: ask an administrator to enable it': '您的账号已停用，请联系管理员启用',
  'You do not have permission to call {path}: ask an administrator to grant it to your role': '您没有调用 {path} 的权限，请联系管理员为您的角色授权',
  'This account is disabled: ask an administrator to enable it': '该账号已停用，请联系管理员启用',
  'Login failed, please try again!': '登录失败，请重试！',
  'Verification Code Error.': '验证码错误。',
  'Too many failed sign-ins for this account: enter the verification code from the captcha image (cid and code) and try again':
    '该账号登录失败次数过多，请输入图片验证码后重试',
  'Too many failed sign-ins: wait {seconds} seconds, then try again (or reset your password by SMS)':
    '登录失败次数过多，请等待 {seconds} 秒后重试（或通过短信重置密码）',
  'Too many failed sign-ins: wait {seconds} seconds, then try again with a correctly signed request':
    '登录失败次数过多，请等待 {seconds} 秒后用正确签名的请求重试',
  'There is no such open access key in your tenant: reload the list': '本租户没有这个开放授权密钥，请刷新列表',
  'There is no such user in your tenant (or outside your data scope): choose the user the key acts as from the list':
    '本租户没有该用户（或不在您的数据权限范围内），请从列表中选择该密钥代表的用户',
  'Only the platform super administrator can make a key acting as the super administrator': '只有平台超级管理员可以创建代表超级管理员的密钥',
  'That user holds permissions you do not hold: a key cannot act with more rights than your own': '该用户拥有您没有的权限：密钥的权限不能超过您自己的权限',
  'The timestamp is more than 5 minutes away from the server time: sign with the current unix time in seconds':
    '时间戳与服务器时间相差超过 5 分钟，请用当前的 Unix 时间（秒）签名',
  'This nonce was used already: sign every request with a new random nonce': '该 nonce 已被使用过，每个请求请使用新的随机 nonce 签名',
  'This open access key is disabled: ask an administrator to enable it': '该开放授权密钥已停用，请联系管理员启用',
  'Open access sign-in failed: check the key, the secret and how the signature is made': '开放授权登录失败，请检查 key、密钥和签名方式',
  'oldPassword: the current password is wrong': '当前密码不正确',
  'newPassword: the new password is the same as the current one: choose a different one': '新密码与当前密码相同，请换一个',
  'You have no live session {id}: reload the list of your sessions': '您没有正在使用的会话 {id}，请刷新会话列表',
  'The SMS could not be sent ({reason}): try again in a minute; if it keeps failing, tell the administrator':
    '短信发送失败（{reason}），请一分钟后重试；如仍失败，请联系管理员',
  'A code was sent to this number a moment ago: wait {seconds} seconds before asking for another': '刚刚已向该号码发送过验证码，请等待 {seconds} 秒后再获取',
  'Too many SMS codes from this address: at most {limit} in {minutes} minutes; try again in {seconds} seconds':
    '该地址获取短信验证码次数过多：{minutes} 分钟内最多 {limit} 次，请 {seconds} 秒后重试',
  'Too many SMS codes for this number: at most {limit} in {minutes} minutes; try again in {seconds} seconds':
    '该号码获取短信验证码次数过多：{minutes} 分钟内最多 {limit} 次，请 {seconds} 秒后重试',
  'Too many registration attempts from this address: at most {limit} in {minutes} minutes; try again in {seconds} seconds':
    '该地址注册尝试次数过多：{minutes} 分钟内最多 {limit} 次，请 {seconds} 秒后重试',
  'Too many registration attempts for this phone number: at most {limit} in {minutes} minutes; try again in {seconds} seconds':
    '该手机号注册尝试次数过多：{minutes} 分钟内最多 {limit} 次，请 {seconds} 秒后重试',
  'Too many captcha images from this address: at most {limit} in a minute; try again in {seconds} seconds':
    '该地址获取图片验证码次数过多：一分钟内最多 {limit} 次，请 {seconds} 秒后重试',
  '{field}: this password is among the most commonly used ones and easy to guess: choose another (a few unrelated words make a good one)':
    '该密码属于最常用的密码，容易被猜到，请换一个（几个不相关的词组合起来就是好密码）',
  'Demo mode is off on this server: sign in with an account (an administrator can turn demo mode on with DEMO_MODE=true)':
    '本服务器未开启演示模式，请使用账号登录（管理员可用 DEMO_MODE=true 开启演示模式）',
  'Your tenant "{tenant}" is disabled: ask the platform administrator to enable it': '您的租户“{tenant}”已停用，请联系平台管理员启用',
  'The licence of your tenant "{tenant}" expired on {date} (UTC): ask the platform administrator to renew it':
    '您的租户“{tenant}”的授权已于 {date}（UTC）到期，请联系平台管理员续期',
};
