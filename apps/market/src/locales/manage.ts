import type { MessageTable } from '@uc/client';

export const manageZhCN: MessageTable = {
  'market.manage.title': '应用市场',
  'market.manage.loadFailed': '应用列表没有加载出来：{reason}',
  'market.manage.column.app': '应用',
  'market.manage.column.name': '标识',
  'market.manage.column.localVersion': '已安装版本',
  'market.manage.column.version': '最新版本',
  'market.manage.column.status': '状态',
  'market.manage.column.enabled': '启用',
  'market.manage.column.actions': '操作',
};

export const manageEnUS: MessageTable = {
  'market.manage.title': 'Application market',
  'market.manage.loadFailed': 'The applications could not be loaded: {reason}',
  'market.manage.column.app': 'Application',
  'market.manage.column.name': 'Name',
  'market.manage.column.localVersion': 'Installed version',
  'market.manage.column.version': 'Newest version',
  'market.manage.column.status': 'Status',
  'market.manage.column.enabled': 'Enabled',
  'market.manage.column.actions': 'Actions',
};
