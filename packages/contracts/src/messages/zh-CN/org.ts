/** Chinese texts of the server's org messages, keyed by their English template (see ../render.ts). */
export const orgZhCN: Readonly<Record<string, string>> = {
  'Department name and code cannot be empty': '部门名称和编码不能为空',
  'Post name and code cannot be empty': '岗位名称和编码不能为空',
  'Address must be at most 255 characters': '地址最多 255 个字符',
  'Alipay account must be at most 128 characters': '支付宝账号最多 128 个字符',
  'Alipay name must be at most 64 characters': '支付宝姓名最多 64 个字符',
  'Birthday must be a date such as 1990-01-31': '生日必须是日期，如 1990-01-31',
  'The idempotency key must be 8 to 64 characters': '幂等键必须是 8 到 64 个字符',
  'The amount must be a number': '数量必须是数字',
  'The amount must be a whole number': '数量必须是整数',
  'The amount must be at most 10000000000': '数量不能大于 10000000000',
  'The amount must be at most 1000000000000': '数量不能大于 1000000000000',
  'The amount must be greater than 0': '数量必须大于 0',
  'Enter the amount with at most two decimal places': '数量最多两位小数',
  'The operation must be 1 (add) or 2 (deduct)': '操作必须是 1（增加）或 2（扣减）',
  'The upload purpose must be one of public, private': '上传用途必须是 public 或 private',
  'QQ number must be 5 to 12 digits': 'QQ 号必须是 5 到 12 位数字',
  'Real name cannot be empty': '真实姓名不能为空',
  'Real name must be at most 64 characters': '真实姓名最多 64 个字符',
  'Choose at most 50 roles': '最多选择 50 个角色',
  'Roles must be a list of role IDs': '角色必须是角色编号的列表',
  'Choose at least one role': '请至少选择一个角色',
  'The mode must be set or add': '方式必须是 set（设为）或 add（添加）',
  'rows: at most 200 rows per import': '每次最多导入 200 行',
  'rows: the file has no rows': '文件中没有数据行',
  'Sex must be 0 (unknown), 1 (male) or 2 (female)': '性别必须是 0（未知）、1（男）或 2（女）',
  'The department does not exist: it may have been deleted; reload the list': '部门不存在，可能已被删除，请刷新列表',
  'parentId: a department cannot be its own parent': '部门不能作为自己的上级',
  'parentId: department {id} does not exist': '部门 {id} 不存在',
  "parentId: the parent cannot be one of the department's own sub-departments (that would make a cycle)": '上级部门不能是本部门的下级部门（会形成循环）',
  'code: the department code "{code}" is already used by another department: choose another': '部门编码“{code}”已被其他部门使用，请换一个',
  'Department "{name}" has {count} sub-department(s): delete or move them first': '部门“{name}”下有 {count} 个下级部门，请先删除或移走',
  'Department "{name}" has {count} member(s) (the recycle bin included): move them to another department first':
    '部门“{name}”下有 {count} 名成员（含回收站），请先将他们移到其他部门',
  'idempotencyKey: this key was already used for another change: send a new key for a new change': '该键已用于另一次变动，新的变动请使用新的键',
  'The user does not exist: it may have been deleted; reload the list': '用户不存在，可能已被删除，请刷新列表',
  'deptId: the department does not exist': '部门不存在',
  'postId: the post does not exist': '岗位不存在',
  'roleIds: you may not grant role(s) {roles}: you can only grant roles you hold yourself': '您不能分配角色 {roles}，只能分配您自己拥有的角色',
  'status: you cannot disable your own account': '不能停用自己的账号',
  'You cannot force yourself out here: sign out from the user menu, or end your other sessions in your account settings':
    '不能在这里强制自己下线：请从用户菜单退出登录，或在个人设置中结束您的其他会话',
  'password: password is required for a new user': '新用户必须设置密码',
  'username: the user name "{username}" is already taken: choose another': '用户名“{username}”已被使用，请换一个',
  'You cannot disable your own account': '不能停用自己的账号',
  'Only a super administrator can change a super administrator: ask one to do it': '只有超级管理员才能修改超级管理员：请联系超级管理员操作',
  'That user holds permissions you do not hold, so you cannot change their account: ask an administrator who holds all of them':
    '该用户拥有您没有的权限，您不能修改其账号：请联系拥有这些权限的管理员',
  "That user's data scope reaches departments yours does not, so you cannot change their account: ask an administrator whose scope covers theirs":
    '该用户的数据范围包含您无法管理的部门，您不能修改其账号：请联系数据范围覆盖该用户的管理员',
  'deptId: you cannot move yourself to another department: ask another administrator to do it': '不能调整自己的部门：请由其他管理员操作',
  'roleIds: you cannot change your own roles: ask another administrator to do it': '不能修改自己的角色：请由其他管理员操作',
  'deptId: that department is outside your data scope: choose one of the departments you manage': '该部门不在您的数据范围内：请选择您管理的部门',
  'deptId: choose a department: a user without one is outside your data scope': '请选择部门：没有部门的用户不在您的数据范围内',
  'You cannot reset your own password here: change it in your account settings, which ask for the current one':
    '不能在这里重置自己的密码：请在账户设置中修改（需要输入当前密码）',
  'You cannot delete your own account': '不能删除自己的账号',
  'mobile: the phone number "{mobile}" is now on another user of this tenant, so this user cannot be restored with it: remove the number from that user first, or purge this user from the recycle bin and create them again with another number':
    '手机号“{mobile}”现已属于本租户另一位用户，该用户无法带着它恢复：请先从那位用户处移除该号码，或从回收站彻底删除该用户，再用其他号码重新创建',
  'The user could not be restored because its phone number changed hands at this moment: restore it again':
    '恢复时该用户的手机号恰好发生变化，未能恢复：请再恢复一次',
  'mobile: the phone number "{mobile}" is already on another user of this tenant: each user here needs a number of their own, so use another number (or remove it from that user first)':
    '手机号“{mobile}”已是本租户另一位用户的号码：本租户每位用户需使用各自的号码，请换一个号码（或先从那位用户处移除该号码）',
  'Too many phone number clashes for this account: at most {limit} in {minutes} minutes; try again in {seconds} seconds':
    '此账号填写的手机号与其他用户冲突次数过多：{minutes} 分钟内最多 {limit} 次；请在 {seconds} 秒后重试',
  'Too many phone number clashes from this address: at most {limit} in {minutes} minutes; try again in {seconds} seconds':
    '此地址填写的手机号与其他用户冲突次数过多：{minutes} 分钟内最多 {limit} 次；请在 {seconds} 秒后重试',
  'The post does not exist: it may have been deleted; reload the list': '岗位不存在，可能已被删除，请刷新列表',
  'Post "{name}" is held by {count} user(s) (the recycle bin included): give them another post first':
    '岗位“{name}”有 {count} 名用户在任（含回收站），请先为他们更换岗位',
  'name: the post name "{value}" is already used by another post: choose another': '岗位名称“{value}”已被其他岗位使用，请换一个',
  'code: the post code "{value}" is already used by another post: choose another': '岗位编码“{value}”已被其他岗位使用，请换一个',
  'There is no user {id} in your tenant: reload the user list': '本租户没有用户 {id}，请刷新用户列表',
  'There is no such file: it may have been replaced or removed; reload the page': '文件不存在，可能已被替换或删除，请刷新页面',
  '{field}: "{value}" is not an image uploaded here: upload the image with {upload} and save the url it returns':
    '“{value}”不是在本系统上传的图片，请用 {upload} 上传图片并保存返回的地址',
  '{field}: the image {value} is not an upload of your tenant (or it was removed as unused): upload the image with {upload} and save the url it returns':
    '图片 {value} 不是本租户上传的（或因未使用已被清理），请用 {upload} 上传图片并保存返回的地址',
  '{field}: the image was uploaded as {uploaded} but this field takes {purpose} images: upload the image with {upload} and save the url it returns':
    '该图片按 {uploaded} 上传，但此字段需要 {purpose} 图片，请用 {upload} 上传图片并保存返回的地址',
  'num: insufficient balance: the user has {has}, which is less than {num}': '余额不足：该用户余额为 {has}，少于 {num}',
  'num: insufficient points: the user has {has}, which is less than {num}': '积分不足：该用户积分为 {has}，少于 {num}',
  'username: "{username}" is also in row {row}': '“{username}”在第 {row} 行也出现了',
  'mobile: the phone number "{mobile}" is already used by another account: a number signs in to one account only, so use another number':
    '手机号“{mobile}”已被其他账号使用：一个号码只能登录一个账号，请换一个号码',
  'Upload: Please select a file.': '上传：请选择文件。',
  'Upload: the image may not exceed 2M.': '上传：图片不能超过 2M。',
  'Upload: only PNG, JPEG, GIF or WebP images are accepted.': '上传：只接受 PNG、JPEG、GIF 或 WebP 图片。',
};
