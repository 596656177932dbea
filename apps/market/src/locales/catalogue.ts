import type { MessageTable } from '@uc/client';

export const catalogueZhCN: MessageTable = {
  'market.panel.title': '应用市场',
  'market.panel.search': '搜索应用名称或描述',
  'market.panel.loadFailed': '应用市场没有加载出来',
  'market.panel.empty':
    '应用市场里还没有应用。\n平台管理员可以把插件包（pnpm pack 打出的 .tgz）放进服务器的 MARKET_DIR 目录（默认 DATA_DIR/market），或在 MARKET_CATALOGUE_URLS 中填写应用目录的地址，一分钟内应用就会出现在这里。',
  'market.panel.noMatch': '没有与“{keyword}”相关的应用：换个关键词再试。',
  'market.card.install': '安装',
  'market.card.update': '更新',
  'market.card.details': '详情',
};

export const catalogueEnUS: MessageTable = {
  'market.panel.title': 'Application market',
  'market.panel.search': 'Search apps by name or description',
  'market.panel.loadFailed': 'The application market could not be loaded',
  'market.panel.empty':
    'The market has no applications yet.\nThe platform administrator adds them by copying addon packages (the .tgz files pnpm pack makes) into the server’s MARKET_DIR folder (DATA_DIR/market by default), or by listing catalogue URLs in MARKET_CATALOGUE_URLS; they show here within a minute.',
  'market.panel.noMatch': 'No application matches “{keyword}”: try another keyword.',
  'market.card.install': 'Install',
  'market.card.update': 'Update',
  'market.card.details': 'Details',
};
