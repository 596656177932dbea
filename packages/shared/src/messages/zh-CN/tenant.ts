/** Chinese texts of the server's tenant messages, keyed by their English template (see ../render.ts). */
export const tenantZhCN: Readonly<Record<string, string>> = {
  'Choose the tenant policy the new tenant runs under': '请选择新租户使用的租户策略',
  'Company name cannot be empty': '公司名称不能为空',
  'Company name cannot contain NUL characters': '公司名称不能包含 NUL 字符',
  'Company name must be at most 128 characters': '公司名称最多 128 个字符',
  'Invitation code must be 6 to 32 letters, digits or dashes': '邀请码必须是 6 到 32 位字母、数字或短横线',
};
