import type { MessageTable } from '@uc/client';
import { registerOrgMessages } from '../../lib/org-messages';

/** Texts of the departments screen: keys org.dept.*. */
export const deptZhCN: MessageTable = {
  'org.dept.title': '部门管理',
  'org.dept.search': '搜索部门名称、编码或负责人',
  'org.dept.create': '新增部门',
  'org.dept.edit': '编辑部门',
  'org.dept.addChild': '新增下级',
  'org.dept.parent': '上级部门',
  'org.dept.parent.none': '无（顶级部门）',
  'org.dept.name': '部门名称',
  'org.dept.code': '部门编码',
  'org.dept.leader': '负责人',
  'org.dept.phone': '联系电话',
  'org.dept.email': '邮箱',
  'org.dept.deleteConfirm': '确定删除部门“{name}”吗？',
};

export const deptEnUS: MessageTable = {
  'org.dept.title': 'Departments',
  'org.dept.search': 'Search department name, code or leader',
  'org.dept.create': 'New department',
  'org.dept.edit': 'Edit department',
  'org.dept.addChild': 'Add sub-department',
  'org.dept.parent': 'Parent department',
  'org.dept.parent.none': 'None (top level)',
  'org.dept.name': 'Department name',
  'org.dept.code': 'Department code',
  'org.dept.leader': 'Leader',
  'org.dept.phone': 'Phone',
  'org.dept.email': 'Email',
  'org.dept.deleteConfirm': 'Delete the department "{name}"?',
};

let registered = false;

/** Adds these texts (and the org screens' common ones) to the console's tables, once. */
export function registerDeptMessages(): void {
  if (registered) return;
  registered = true;
  registerOrgMessages(deptZhCN, deptEnUS);
}
