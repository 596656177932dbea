import { MAX_PAGE_SIZE, UNKNOWN_OPERATOR } from '../../contracts/list-query';

const AFTER = 'start again from page 1 without after';
const AFTER_ZH = '请不带 after 从第 1 页重新开始';

/** Chinese texts of the messages every call can meet (framework, lists, database clashes), keyed by their English template. */
export const commonZhCN: Readonly<Record<string, string>> = {
  // Sessions and access, for every call.
  'You are not signed in or your session has expired: please sign in again': '您尚未登录或登录已过期，请重新登录',
  'Your tenant is disabled or its licence has expired: ask the platform administrator to renew it': '您的租户已停用或授权已过期，请联系平台管理员续期',
  'The demo account is read-only': '演示账号只能查看，不能修改',
  'Only the platform administrators manage tenants, their policies and invitations: ask them': '只有平台管理员可以管理租户、租户策略和邀请，请联系平台管理员',
  // The server and the request itself.
  'The server is busy with other requests right now: please try again in a moment': '服务器正忙，请稍后再试',
  'The database took too long to answer and stopped this request: narrow the search or filter and try again; if it keeps happening, tell the administrator':
    '数据库响应超时，本次请求已停止：请缩小搜索或筛选范围后重试；如仍出现，请联系管理员',
  'Something went wrong on the server: please try again; if it keeps happening, tell the administrator (the details are in the server log)':
    '服务器出错了，请重试；如仍出现，请联系管理员（详情见服务器日志）',
  'There is no API at {method} {path}: check the method and the address': '不存在接口 {method} {path}，请检查请求方法和地址',
  'The body is not valid JSON: send a JSON object': '请求体不是有效的 JSON，请发送 JSON 对象',
  'The request body is too large: send less data at once': '请求体过大，请减少一次发送的数据',
  'This content type is not accepted here: send JSON (application/json)': '不接受此内容类型，请发送 JSON（application/json）',
  'The request body does not match its Content-Length: send the request again': '请求体与 Content-Length 不符，请重新发送',
  'The request has a body but no Content-Type: send JSON (application/json)': '请求有请求体但缺少 Content-Type，请发送 JSON（application/json）',
  'The request could not be read ({reason}): check what was sent': '无法读取请求（{reason}），请检查发送的内容',
  '{field}: must not contain the NUL character (\\u0000): remove it and send again': '{field}: 不能包含 NUL 字符（\\u0000），请删除后重新发送',
  // The console's files.
  'There is no file {path}: the remote may have been redeployed; reload the page': '文件 {path} 不存在：该模块可能已重新部署，请刷新页面',
  'There is no file {path}: reload the page to get the current build': '文件 {path} 不存在，请刷新页面以获取当前版本',
  'The console is not built: run pnpm build': '控制台尚未构建，请运行 pnpm build',
  // A unique index that refused a write.
  'key: this permission code is used by another role in your tenant: choose another code': 'key: 该权限编码已被本租户的其他角色使用，请换一个',
  'code: this department code is used by another department: choose another': 'code: 该部门编码已被其他部门使用，请换一个',
  'code: this post code is used by another post: choose another': 'code: 该岗位编码已被其他岗位使用，请换一个',
  'name: another post has this name: choose another': 'name: 已有同名岗位，请换一个名称',
  'username: this user name is already taken: choose another': 'username: 该用户名已被使用，请换一个',
  'alias: this routing alias is used by another menu: choose another': 'alias: 该路由别名已被其他菜单使用，请换一个',
  'code: this invitation code is already used: choose another or leave it empty for a random one': 'code: 该邀请码已被使用，请换一个，或留空自动生成',
  'code: this tenant code is already used: choose another': 'code: 该租户编码已被使用，请换一个',
  '{field}: this value is already used by another record: choose another': '{field}: 该值已被其他记录使用，请换一个',
  // Lists: paging, sorting, filtering (packages/shared/src/contracts/list-query.ts, apps/server/src/lib/list-query.sql.ts).
  'page must be a whole number': '页码必须是整数',
  'page must be at least 1': '页码至少为 1',
  'pageSize must be a whole number': '每页条数必须是整数',
  'pageSize must be at least 1': '每页条数至少为 1',
  [`pageSize must be at most ${MAX_PAGE_SIZE}`]: `每页条数最多为 ${MAX_PAGE_SIZE}`,
  'sort must be field or -field, comma-separated': '排序须为“字段”或“-字段”，多个用逗号分隔',
  'after must be at most 8000 characters': 'after 最多 8000 个字符',
  'after must be the next cursor of a previous page': 'after 必须是上一页返回的 next 游标',
  'filter must be at most 8000 characters': '筛选条件最多 8000 个字符',
  'filter must be a JSON array of [field, operator, value] triples': '筛选条件必须是由 [字段, 运算符, 值] 组成的 JSON 数组',
  'filter takes at most 20 conditions': '筛选条件最多 20 个',
  'filter values must not contain the NUL character (\\u0000)': '筛选值不能包含 NUL 字符（\\u0000）',
  [UNKNOWN_OPERATOR]: UNKNOWN_OPERATOR.replace('unknown operator: use one of', '未知的运算符，可用：'),
  'operator {op} takes no value': '运算符 {op} 不需要值',
  'operator {op} needs a value': '运算符 {op} 需要一个值',
  'operator {op} needs an array value': '运算符 {op} 需要数组值',
  'operator {op} takes a single value, not an array': '运算符 {op} 只接受单个值，不接受数组',
  'operator {op} needs exactly two values': '运算符 {op} 需要正好两个值',
  'operator {op} needs 1 to 500 values': '运算符 {op} 需要 1 到 500 个值',
  '{param}: unknown field {name} for {resource}: use one of {fields}': '{param}: {resource} 没有字段 {name}，可用：{fields}',
  'filter: {name} needs a whole number from {min} to {max}, got {value}': 'filter: {name} 需要 {min} 到 {max} 之间的整数，收到的是 {value}',
  'filter: {name} needs a number between {min} and {max}, got {value}': 'filter: {name} 需要 {min} 到 {max} 之间的数字，收到的是 {value}',
  'filter: {name} needs a number, got {value}': 'filter: {name} 需要数字，收到的是 {value}',
  'filter: {name} needs a date such as 2024-01-31 or 2024-01-31T08:00:00Z, got {value}':
    'filter: {name} 需要日期，如 2024-01-31 或 2024-01-31T08:00:00Z，收到的是 {value}',
  'filter: {name} needs true or false, got {value}': 'filter: {name} 需要 true 或 false，收到的是 {value}',
  'filter: {name} needs text, got {value}': 'filter: {name} 需要文本，收到的是 {value}',
  'filter: operator {op} works on text fields only, and {field} is not one': 'filter: 运算符 {op} 只能用于文本字段，{field} 不是文本字段',
  [`after: not a cursor this list gave out; ${AFTER}`]: `after: 不是本列表给出的游标，${AFTER_ZH}`,
  [`after: the cursor belongs to another sort order; ${AFTER}`]: `after: 该游标属于另一种排序，${AFTER_ZH}`,
  [`after: {column} cannot be null; ${AFTER}`]: `after: {column} 不能为空，${AFTER_ZH}`,
  [`after: {column} is not a value; ${AFTER}`]: `after: {column} 不是有效值，${AFTER_ZH}`,
  [`after: {column} is not a timestamp; ${AFTER}`]: `after: {column} 不是时间戳，${AFTER_ZH}`,
  [`after: {column} is not a {type}; ${AFTER}`]: `after: {column} 不是 {type} 类型，${AFTER_ZH}`,
};
