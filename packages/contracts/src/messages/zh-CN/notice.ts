/** Chinese texts of the server's messages about notices and private letters, keyed by their English template (see ../render.ts). */
export const noticeZhCN: Readonly<Record<string, string>> = {
  // Contract (notice.contract.ts); 'Title cannot be empty', its NUL rule and the remark rules are in common.ts.
  'The message kind must be one of notice, letter, all': '消息类型必须是 notice（公告）、letter（私信）或 all（全部）之一',
  'Notice title must be at most 128 characters': '公告标题最多 128 个字符',
  'Notice tag must be text': '公告标签必须是文本',
  'Notice tag must be at most 32 characters': '公告标签最多 32 个字符',
  'Notice tag cannot contain NUL characters': '公告标签不能包含 NUL 字符',
  'Notice content cannot be empty': '公告内容不能为空',
  'Notice content must be at most 100000 characters': '公告内容最多 100000 个字符',
  'Notice content cannot contain NUL characters': '公告内容不能包含 NUL 字符',
  'The range must be 1 (everyone), 2 (one tenant) or 3 (chosen users)': '范围必须是 1（所有人）、2（指定租户）或 3（指定用户）之一',
  'The level must be 1 (normal), 2 (important) or 3 (urgent)': '级别必须是 1（普通）、2（重要）或 3（紧急）之一',
  'Recipients must be a list of user IDs': '接收人必须是用户编号列表',
  'Choose at most 1000 recipients': '最多选择 1000 个接收人',
  'Choose at least one user': '请至少选择一个用户',
  // The personal area (modules/notice/notice.repository.ts)
  'There is no such message: it may have been withdrawn or deleted; reload the list': '消息不存在，可能已被撤回或删除，请刷新列表',
  // Administration (modules/notice/notice-admin.service.ts)
  'A tenant administrator sends only within their own tenant: leave tenantId out': '租户管理员只能在本租户内发送，请不要指定 tenantId',
  'Sending to a whole tenant, or to another tenant, needs a role with the data scope "all": send a letter to chosen users within your data scope instead':
    '发送给整个租户或其他租户需要数据范围为“全部”的角色，请改为给数据范围内的指定用户发送私信',
  'The notice does not exist: it may have been deleted; reload the list': '公告不存在，可能已被删除，请刷新列表',
  'tenantId: a notice to everyone names no tenant: leave tenantId out, or choose range 2 (one tenant)':
    '发送给所有人的公告不能指定租户，请不要指定 tenantId，或选择范围 2（指定租户）',
  'userIds: only a letter (range 3) has chosen users: leave userIds out, or choose range 3': '只有私信（范围 3）才有指定用户，请不要指定 userIds，或选择范围 3',
  'userIds: choose at least one user for a letter (range 3)': '私信（范围 3）请至少选择一个用户',
  'tenantId: the tenant does not exist: choose one of the list': '租户不存在，请从列表中选择',
  'userIds: user {id} is not among the users you may send to: choose users from your list': '用户 {id} 不在您可以发送的用户范围内，请从列表中选择用户',
  'content: nothing is left once unsupported markup is removed: write the content as text, links, lists, tables or images':
    '去除不支持的标记后内容为空，请使用文字、链接、列表、表格或图片编写内容',
  'A published notice keeps its range and recipients: withdraw it first, change them, then publish it again':
    '已发布的公告不能修改发送范围和接收人，请先撤回，修改后再重新发布',
  'The notice is already published: withdraw it first to publish it again': '公告已发布，如需重新发布请先撤回',
  'Only a published notice can be withdrawn: this one is not published': '只能撤回已发布的公告，该公告尚未发布',
};
