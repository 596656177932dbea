import { registerMessages, type MessageTable } from '@uc/client';

/** Texts every org screen uses (actions, common fields), keys 'org.action.*' and 'org.field.*'. */
export const orgCommonZhCN: MessageTable = {
  'org.action.save': '保存',
  'org.action.cancel': '取消',
  'org.action.edit': '编辑',
  'org.action.delete': '删除',
  'org.action.reload': '刷新',
  'org.field.sort': '排序',
  'org.field.status': '状态',
  'org.field.remark': '备注',
  'org.field.createdAt': '创建时间',
  'org.field.actions': '操作',
};

export const orgCommonEnUS: MessageTable = {
  'org.action.save': 'Save',
  'org.action.cancel': 'Cancel',
  'org.action.edit': 'Edit',
  'org.action.delete': 'Delete',
  'org.action.reload': 'Reload',
  'org.field.sort': 'Sort',
  'org.field.status': 'Status',
  'org.field.remark': 'Remark',
  'org.field.createdAt': 'Created',
  'org.field.actions': 'Actions',
};

/**
 * Adds a feature's texts (and the common ones) to the console's tables. Each feature's page module calls
 * it through its own register function when first evaluated (a call in a used module, not a bare
 * import, which a bundler may drop), so the routes and the modules other remotes load
 * ('./tenant-screens') have the texts of whatever they render.
 */
export function registerOrgMessages(zhCN: MessageTable, enUS: MessageTable): void {
  registerMessages('zh-CN', { ...orgCommonZhCN, ...zhCN });
  registerMessages('en-US', { ...orgCommonEnUS, ...enUS });
}
