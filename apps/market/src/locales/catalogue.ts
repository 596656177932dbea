import type { MessageTable } from '@uc/client';

export const catalogueZhCN: MessageTable = {
  'market.panel.title': '应用市场',
  'market.panel.search': '搜索应用名称或描述',
  'market.panel.loadFailed': '应用市场没有加载出来',
  'market.panel.empty': '应用市场里还没有应用。',
  'market.panel.emptyAdmin':
    '应用市场里还没有应用。\n上架应用：把应用包放进服务器的应用包目录（服务器设置 MARKET_DIR），或让服务器读取一个应用目录（服务器设置 MARKET_CATALOGUE_URLS），一分钟内应用就会出现在这里。',
  'market.panel.noMatch': '没有与“{keyword}”相关的应用：换个关键词再试。',
  'market.card.install': '安装',
  'market.card.update': '更新',
  'market.card.details': '详情',
  'market.card.builtIn': '内置',
  'market.card.builtInHint': '控制台自带的功能，随控制台一起安装和更新',
};

export const catalogueEnUS: MessageTable = {
  'market.panel.title': 'Application market',
  'market.panel.search': 'Search apps by name or description',
  'market.panel.loadFailed': 'The application market could not be loaded',
  'market.panel.empty': 'The market has no applications yet.',
  'market.panel.emptyAdmin':
    'The market has no applications yet.\nTo offer one, put its package into the server’s package folder (the server setting MARKET_DIR) or point the server at a catalogue (the server setting MARKET_CATALOGUE_URLS); it shows here within a minute.',
  'market.panel.noMatch': 'No application matches “{keyword}”: try another keyword.',
  'market.card.install': 'Install',
  'market.card.update': 'Update',
  'market.card.details': 'Details',
  'market.card.builtIn': 'Built-in',
  'market.card.builtInHint': 'Part of the console: installed and updated with it',
};
