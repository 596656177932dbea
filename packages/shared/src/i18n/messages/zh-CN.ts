import type { MessageTable } from '../i18n-store';

/** Texts of @uc/shared itself: request errors, the login-timeout dialog, the list kit, the dev host. */
export const sharedZhCN: MessageTable = {
  'feedback.saved': '已保存',
  'feedback.deleted': '已删除',
  'feedback.done': '操作成功',
  'request.error.network': '网络异常，请检查网络连接后重试',
  'request.error.timeout': '请求超时，请稍后重试',
  'request.error.status': '请求失败，状态码 {status}',
  'request.error.unknown': '请求失败，请稍后重试',
  'request.error.title': '请求错误',
  'request.timeout.title': '登录超时',
  'request.timeout.content': '确定跳转到登录页？',
  'request.timeout.ok': '确定跳转',
  'request.timeout.cancel': '取消',
  // The messages of the spec's list (section 8), for every app to use.
  'message.login.failed': '登录失败，请重试！',
  'message.captcha.error': '验证码错误',
  'message.captcha.failed': '获取验证码失败，请重试！',
  'message.upload.selectFile': '上传：请选择文件',
  'message.offline': '当前处于离线状态',
  'list.search.placeholder': '搜索关键词',
  'list.total': '共 {total} 条',
  'list.totalMore': '超过 {total} 条',
  'list.reload': '刷新',
  'list.empty': '暂无数据',
  'permission.denied': '抱歉，你无权访问该内容。',
  'standalone.title': '独立运行：{name}',
  'standalone.signIn': '登录',
  'standalone.username': '用户名',
  'standalone.password': '密码',
  'standalone.username.required': '请输入用户名!',
  'standalone.password.required': '请输入密码!',
  'standalone.signOut': '退出登录',
  'standalone.loading': '加载中…',
  // Private images (issue 10: uploads): shown by AuthImage from @uc/shared/ui.
  'image.unavailable': '图片无法加载',
};
