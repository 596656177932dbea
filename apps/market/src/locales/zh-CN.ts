import type { MessageTable } from '@uc/client';

/** Texts every part of the market uses. */
export const marketZhCN: MessageTable = {
  'market.status.notInstalled': '未安装',
  'market.status.downloading': '下载中',
  'market.status.installing': '安装中',
  'market.status.installed': '已安装',
  'market.status.failed': '安装失败',
  'market.disabled': '已停用',
  'market.ok': '确定',
  'market.cancel': '取消',
};
