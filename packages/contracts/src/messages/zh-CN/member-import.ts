/** Chinese texts of the user import's messages (member-import.contract.ts and the server's row report), keyed by their English template. */
export const memberImportZhCN: Readonly<Record<string, string>> = {
  'The file has no rows: fill in at least one row under the header': '文件中没有数据行：请在表头下至少填写一行',
  'At most 500 rows per call: send a longer file in parts': '每次调用最多 500 行：较长的文件请分批发送',
  'Initial password must be at least 8 characters': '初始密码至少 8 个字符',
  'Initial password must be at most 128 characters': '初始密码最多 128 个字符',
  'Department must be at most 64 characters': '部门最多 64 个字符',
  'Post must be at most 64 characters': '岗位最多 64 个字符',
  'Sex must be at most 16 characters': '性别最多 16 个字符',
  'Status must be at most 16 characters': '状态最多 16 个字符',
  "No password: fill in this row's password, or set an initial password for the rows without one":
    '没有密码：请填写该行的密码，或设置初始密码（用于没有密码的行）',
  'The user name "{username}" is also in row {row}: each user needs a name of their own': '用户名“{username}”与第 {row} 行重复：每位用户需要各自的用户名',
  'The phone number "{mobile}" is also in row {row}: each user needs a number of their own': '手机号“{mobile}”与第 {row} 行重复：每位用户需要各自的手机号',
  'The user name "{username}" is already taken: choose another': '用户名“{username}”已被使用，请换一个',
  'The phone number "{mobile}" is already on another user of this tenant: use another number, or remove it from that user first':
    '手机号“{mobile}”已是本租户另一位用户的号码：请换一个号码，或先从那位用户处移除该号码',
  'There is no department with the code or name "{value}": create it first, or write the code or name of an existing department':
    '没有编码或名称为“{value}”的部门：请先创建该部门，或填写已有部门的编码或名称',
  '{count} departments are named "{value}": write the code of the one you mean': '有 {count} 个部门名为“{value}”：请改填所指部门的编码',
  'The department "{value}" is outside your data scope: choose one of the departments you manage': '部门“{value}”不在您的数据范围内：请选择您管理的部门',
  'Fill in a department: a user without one is outside your data scope': '请填写部门：没有部门的用户不在您的数据范围内',
  'There is no post with the code or name "{value}": create it first, or write the code or name of an existing post':
    '没有编码或名称为“{value}”的岗位：请先创建该岗位，或填写已有岗位的编码或名称',
  'Write male, female or unknown (or leave it empty)': '请填写 男、女 或 未知（或留空）',
  'Write enabled or disabled (or leave it empty for enabled)': '请填写 启用 或 禁用（留空为启用）',
  "The tenant's policy allows at most {max} users and the rows before this one reached it: ask the platform administrator for a larger policy":
    '租户策略最多允许 {max} 个用户，此前的行已达到上限：请联系平台管理员调整策略',
};
