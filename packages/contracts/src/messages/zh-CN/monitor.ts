/** Chinese texts of the server's messages about the system monitor (在线用户, 登录日志, 操作日志), keyed by their English template (see ../render.ts). */
export const monitorZhCN: Readonly<Record<string, string>> = {
  // Contract (online.contract.ts)
  'The session ID must be a number': '会话编号必须是数字',
  'The session ID must be a whole number': '会话编号必须是整数',
  'The session ID must be at least 1': '会话编号至少为 1',
  'The session ID is too large': '会话编号过大',
  // Server (modules/online)
  'That session has ended or is not one of your users: reload the list of online users': '该会话已结束，或不属于你可管理的用户，请刷新在线用户列表',
  'This is the session you are using: sign out from the user menu instead': '这是你当前正在使用的会话，请通过用户菜单退出登录',
};
