import { Col, Form, Input, Radio, Row, Select, TreeSelect } from 'antd';
import { useEffect, useMemo, type ReactNode } from 'react';
import {
  deptOptionCall,
  EMAIL_INVALID,
  EMAIL_PATTERN,
  memberEditBody,
  memberEditCall,
  memberViewCall,
  PHONE_INVALID,
  PHONE_PATTERN,
  postOptionCall,
  QQ_PATTERN,
  roleOptionCall,
  USERNAME_PATTERN,
  type DeptOption,
  type MemberEditBody,
  type RoleOption,
  Status,
} from '@uc/contracts';
import { useScopedCall, useT } from '@uc/client';
import { contractRule, DateField, FormModal, ImageField, StatusRadio, useCall } from '@uc/ui';
import { useIsSelf } from './user-scope';

type FormValues = Partial<MemberEditBody>;
type Option = { id: number; name: string };

interface UserFormModalProps {
  /** null: closed; 0: a new user; an id: edit that user. */
  userId: number | null;
  onClose: () => void;
  onSaved: () => void;
}

/** The grantable role tree as one list for the multi-select, parents before their children. */
const flattenRoles = (nodes: RoleOption[]): Option[] => nodes.flatMap((n) => [{ id: n.id, name: n.name }, ...flattenRoles(n.children)]);

/** A user goes only into an enabled department within the editor's data scope: the others are shown, not offered. */
const placeable = (nodes: DeptOption[]): DeptOption[] =>
  nodes.map((n) => ({ ...n, disabled: n.disabled || !n.inScope, ...(n.children ? { children: placeable(n.children) } : {}) }));

/**
 * Create or edit a user: the spec's required fields, phone and email formats, grantable roles only.
 * Inside a TenantScope the user, the department, role and post choices and the uploads are that tenant's.
 */
export function UserFormModal({ userId, onClose, onSaved }: UserFormModalProps) {
  const t = useT();
  const call = useScopedCall();
  const [form] = Form.useForm<FormValues>();
  const open = userId !== null;
  const creating = userId === 0;
  const deptTree = useCall(deptOptionCall, open ? {} : null).data?.list;
  const depts = useMemo(() => placeable(deptTree ?? []), [deptTree]);
  // Nobody changes his own department, roles or status here (the server refuses it too): shown, not editable.
  const selfLocked = useIsSelf({ id: userId ?? 0 }) && !creating;
  const roleTree = useCall(roleOptionCall, open ? {} : null).data?.list;
  const roles = useMemo(() => flattenRoles(roleTree ?? []), [roleTree]);
  const posts = useCall(postOptionCall, open ? {} : null).data?.list ?? [];
  // While the user being edited loads, the form is not shown: typing into it would be overwritten.
  const editing = useCall(memberViewCall, userId ? { query: { id: userId } } : null);
  const user = editing.data;
  // Roles the user holds that the editor cannot grant (the super administrator's own 超级管理员) are
  // shown by name and cannot be removed; they are not sent (no one grants them), and the server keeps
  // them. Known only once the grantable roles are in: until then nothing is left out.
  const held = useMemo(() => (roleTree === undefined ? [] : (user?.roles ?? []).filter((r) => !roles.some((g) => g.id === r.id))), [roleTree, roles, user]);
  const roleChoices = useMemo(
    () => [...roles.map((r) => ({ value: r.id, label: r.name })), ...held.map((r) => ({ value: r.id, label: r.name, disabled: true }))],
    [roles, held],
  );
  useEffect(() => {
    if (user) form.setFieldsValue({ ...user, sex: user.sex as 0 | 1 | 2, status: user.status as 1 | 2, roleIds: user.roles.map((r) => r.id) });
  }, [user, form]);

  const required = (label: string) => ({ required: true, whitespace: true, message: t('org.validation.required', { field: label }) });
  const item = (name: keyof FormValues, label: string, node: ReactNode, rules: object[] = [], extra?: string) => (
    <Col xs={24} md={12}>
      <Form.Item name={name} label={label} rules={rules} extra={extra}>
        {node}
      </Form.Item>
    </Col>
  );
  return (
    <FormModal
      open={open}
      width={820}
      title={creating ? t('org.user.create') : t('org.user.edit')}
      name="user"
      form={form}
      values={{ sex: 0, status: Status.enabled, roleIds: [] }}
      loading={editing.loading}
      onSubmit={(values) => {
        const roleIds = (values.roleIds ?? []).filter((id) => !held.some((r) => r.id === id));
        const body = {
          ...values,
          roleIds,
          id: userId || undefined,
          birthday: values.birthday ?? null,
          deptId: values.deptId ?? null,
          postId: values.postId ?? null,
        };
        return call(memberEditCall, { body: body as MemberEditBody, done: 'saved' });
      }}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Row gutter={16}>
        {item('username', t('org.user.username'), <Input autoComplete="off" />, [
          required(t('org.user.username')),
          { pattern: USERNAME_PATTERN, message: t('org.user.username.rule') },
        ])}
        {creating
          ? item('password', t('org.user.password'), <Input.Password autoComplete="new-password" />, [
              required(t('org.user.password')),
              { min: 8, message: t('org.user.password.rule') },
            ])
          : null}
        {item('realName', t('org.user.realName'), <Input />, [required(t('org.user.realName')), { max: 64 }])}
        {item('mobile', t('org.user.mobile'), <Input />, [required(t('org.user.mobile')), { pattern: PHONE_PATTERN, message: t(PHONE_INVALID) }])}
        {item('email', t('org.user.email'), <Input />, [{ pattern: EMAIL_PATTERN, message: t(EMAIL_INVALID) }, { max: 320 }])}
        {item(
          'deptId',
          t('org.user.dept'),
          <TreeSelect
            allowClear
            treeDefaultExpandAll
            disabled={selfLocked}
            treeData={depts}
            fieldNames={{ label: 'name', value: 'id', children: 'children' }}
          />,
          [],
          selfLocked ? t('org.user.selfLocked') : undefined,
        )}
        {item(
          'roleIds',
          t('org.user.role'),
          <Select mode="multiple" allowClear disabled={selfLocked} options={roleChoices} />,
          [],
          selfLocked ? t('org.user.selfLocked') : undefined,
        )}
        {item('postId', t('org.user.post'), <Select allowClear options={posts.map((p) => ({ value: p.id, label: p.name }))} />)}
        {item('sex', t('org.user.sex'), <Radio.Group options={[0, 1, 2].map((v) => ({ value: v, label: t(`org.user.sex.${v}`) }))} />)}
        {item('birthday', t('org.user.birthday'), <DateField />)}
        {item('qq', t('org.user.qq'), <Input />, [{ pattern: QQ_PATTERN, message: t('org.user.qq.rule') }])}
        {item('address', t('org.user.address'), <Input />, [{ max: 255 }])}
        {item('alipayName', t('org.user.alipayName'), <Input />, [{ max: 64 }])}
        {item('alipayAccount', t('org.user.alipayAccount'), <Input />, [{ max: 128 }])}
        {item('avatar', t('org.user.avatar'), <ImageField label={t('org.user.avatar')} />, [contractRule(memberEditBody.shape.avatar)])}
        {item('alipayCode', t('org.user.alipayCode'), <ImageField label={t('org.user.alipayCode')} purpose="private" />, [
          contractRule(memberEditBody.shape.alipayCode),
        ])}
        {item('status', t('org.field.status'), <StatusRadio disabled={selfLocked} />, [], selfLocked ? t('org.user.selfLocked') : undefined)}
        {item('remark', t('org.field.remark'), <Input.TextArea rows={2} />, [{ max: 500 }])}
      </Row>
    </FormModal>
  );
}
