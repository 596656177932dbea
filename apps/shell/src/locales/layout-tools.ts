import type { MessageTable } from '@uc/client';

/*
 * The layout's everyday tools: breadcrumbs, the side menu's collapse and phone drawer, the menu search
 * (Ctrl+K) and the lock screen. A table of their own, registered with the shell's (locales/index.ts).
 */

export const layoutToolsZhCN: MessageTable = {
  'layout.breadcrumb': '面包屑导航',
  'layout.sider.collapse': '收起菜单',
  'layout.sider.expand': '展开菜单',
  'layout.menu.open': '打开菜单',
  'layout.menu.title': '菜单',
  'layout.search.open': '搜索菜单',
  'layout.search.shortcut': '搜索菜单（{keys}）',
  'layout.search.placeholder': '输入菜单名称或地址',
  'layout.search.label': '搜索菜单',
  'layout.search.empty': '没有匹配的菜单',
  'layout.search.hint': '↑ ↓ 选择，回车打开，Esc 关闭',
  'layout.lock': '锁定屏幕',
  'lock.title': '屏幕已锁定',
  'lock.description': '{name}，请输入登录密码解锁',
  'lock.password.placeholder': '登录密码',
  'lock.password.required': '请输入登录密码',
  'lock.captcha.placeholder': '图片验证码',
  'lock.captcha.alt': '图片验证码',
  'lock.captcha.refresh': '看不清？换一张',
  'lock.captcha.required': '请输入图片验证码',
  'lock.captcha.needed': '失败次数过多，请输入图片中的验证码后再解锁',
  'lock.captcha.wrong': '验证码错误，请输入新图片中的验证码',
  'lock.captcha.failed': '图片验证码获取失败，请点击图片重试',
  'lock.submit': '解锁',
  'lock.signOut': '退出登录',
  'lock.signOut.hint': '忘记密码？退出后可通过短信重置',
};

export const layoutToolsEnUS: MessageTable = {
  'layout.breadcrumb': 'Breadcrumb',
  'layout.sider.collapse': 'Collapse the menu',
  'layout.sider.expand': 'Expand the menu',
  'layout.menu.open': 'Open the menu',
  'layout.menu.title': 'Menu',
  'layout.search.open': 'Search the menu',
  'layout.search.shortcut': 'Search the menu ({keys})',
  'layout.search.placeholder': 'Type a menu name or address',
  'layout.search.label': 'Search the menu',
  'layout.search.empty': 'No menu entry matches',
  'layout.search.hint': '↑ ↓ to choose, Enter to open, Esc to close',
  'layout.lock': 'Lock screen',
  'lock.title': 'Screen locked',
  'lock.description': '{name}, enter your sign-in password to unlock',
  'lock.password.placeholder': 'Sign-in password',
  'lock.password.required': 'Please enter your sign-in password',
  'lock.captcha.placeholder': 'Code in the image',
  'lock.captcha.alt': 'Captcha image',
  'lock.captcha.refresh': 'Hard to read? Get another one',
  'lock.captcha.required': 'Please enter the code shown in the image',
  'lock.captcha.needed': 'Too many failed attempts: enter the code shown in the image, then unlock again',
  'lock.captcha.wrong': 'The code was wrong: enter the code from the new image',
  'lock.captcha.failed': 'The captcha image could not be loaded: click it to try again',
  'lock.submit': 'Unlock',
  'lock.signOut': 'Sign out',
  'lock.signOut.hint': 'Forgot your password? Sign out, then reset it by SMS',
};
