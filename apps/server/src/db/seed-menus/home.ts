import {
  letterSendCall,
  memberListCall,
  noticeDeleteCall,
  noticeEditCall,
  noticeListCall,
  noticePublishCall,
  noticeViewCall,
  noticeWithdrawCall,
  uploadImageCall,
  upgradeLogDeleteCall,
  upgradeLogEditCall,
} from '@uc/contracts';
import type { MenuSeed } from './menu-seed';

export const homeMenu: MenuSeed = {
  type: 1,
  name: '个人中心',
  locale: 'menu.home',
  path: '/home',
  redirect: '/home/account',
  icon: 'UserOutlined',
  children: [
    { type: 2, name: '我的账号', locale: 'menu.home.account', path: '/home/account', component: 'home/account', icon: 'ProfileOutlined' },
    {
      type: 2,
      name: '我的消息',
      locale: 'menu.home.message',
      path: '/home/message',
      component: 'home/message',
      icon: 'BellOutlined',
    },
    { type: 2, name: '消息详情', locale: 'menu.home.message.detail', path: '/home/message/:id', component: 'home/message/detail', hidden: true },
    {
      type: 2,
      name: '升级日志',
      locale: 'menu.home.upgrade.logs',
      path: '/home/upgrade/logs',
      component: 'home/upgrade/logs',
      icon: 'HistoryOutlined',
      // Reading is every signed-in user's (session calls); writing is the platform administrators'.
      children: [
        { type: 3, name: '新增日志', locale: 'menu.home.upgrade.logs.create', permissions: [upgradeLogEditCall] },
        { type: 3, name: '编辑日志', locale: 'menu.home.upgrade.logs.edit', permissions: [upgradeLogEditCall] },
        { type: 3, name: '删除日志', locale: 'menu.home.upgrade.logs.delete', permissions: [upgradeLogDeleteCall] },
      ],
    },
    {
      type: 2,
      name: '公告管理',
      locale: 'menu.home.notice.manage',
      path: '/home/notice/manage',
      component: 'home/notice/manage',
      icon: 'NotificationOutlined',
      permissions: [noticeListCall, noticeViewCall],
      // Images in the content are uploads; choosing a letter's users lists them (within the data scope).
      children: [
        { type: 3, name: '新增公告', locale: 'menu.home.notice.manage.create', permissions: [noticeEditCall, uploadImageCall, memberListCall] },
        { type: 3, name: '编辑公告', locale: 'menu.home.notice.manage.edit', permissions: [noticeEditCall, uploadImageCall, memberListCall] },
        { type: 3, name: '发布撤回', locale: 'menu.home.notice.manage.publish', permissions: [noticePublishCall, noticeWithdrawCall] },
        { type: 3, name: '删除公告', locale: 'menu.home.notice.manage.delete', permissions: [noticeDeleteCall] },
        { type: 3, name: '发送私信', locale: 'menu.home.notice.manage.letter', permissions: [letterSendCall, uploadImageCall, memberListCall] },
      ],
    },
  ],
};
