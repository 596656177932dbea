import type { MessageTable } from '@uc/client';
import { registerOrgMessages } from '../../lib/org-messages';

/** Texts of the posts screen: keys org.post.*. */
export const postZhCN: MessageTable = {
  'org.post.title': '岗位管理',
  'org.post.search': '搜索岗位名称或编码',
  'org.post.create': '新增岗位',
  'org.post.edit': '编辑岗位',
  'org.post.name': '岗位名称',
  'org.post.code': '岗位编码',
  'org.post.deleteConfirm': '确定删除岗位“{name}”吗？',
};

export const postEnUS: MessageTable = {
  'org.post.title': 'Posts',
  'org.post.search': 'Search post name or code',
  'org.post.create': 'New post',
  'org.post.edit': 'Edit post',
  'org.post.name': 'Post name',
  'org.post.code': 'Post code',
  'org.post.deleteConfirm': 'Delete the post "{name}"?',
};

let registered = false;

/** Adds these texts (and the org screens' common ones) to the console's tables, once. */
export function registerPostMessages(): void {
  if (registered) return;
  registered = true;
  registerOrgMessages(postZhCN, postEnUS);
}
