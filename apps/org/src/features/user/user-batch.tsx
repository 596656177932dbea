import { App, Form, Radio, Select, TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import {
  deptOptionCall,
  forceLogoutBatchCall,
  memberDeleteBatchCall,
  memberDeptBatchCall,
  memberRestoreBatchCall,
  memberRolesBatchCall,
  memberStatusBatchCall,
  roleOptionCall,
  Status,
  type DeptOption,
  type RoleBatchMode,
  type RoleOption,
} from '@uc/contracts';
import { TenantScope, useT, useTenantScope } from '@uc/client';
import { FormModal, useBatchActions, useCall, type Batch, type BatchAction } from '@uc/ui';
import type { UserRow } from './user-row';

/** A user goes only into an enabled department within the editor's data scope: the others are shown, not offered. */
const placeable = (nodes: DeptOption[]): DeptOption[] =>
  nodes.map((n) => ({ ...n, disabled: n.disabled || !n.inScope, ...(n.children ? { children: placeable(n.children) } : {}) }));
const flattenRoles = (nodes: RoleOption[]): { value: number; label: string }[] =>
  nodes.flatMap((n) => [{ value: n.id, label: n.name }, ...flattenRoles(n.children)]);

type Asked = { deptId: number } | { roleIds: number[]; mode: RoleBatchMode };
interface Asking {
  kind: 'dept' | 'roles';
  count: number;
  /** The rows' tenant (a list of several tenants' users); undefined: the page's. */
  tenant: number | undefined;
  answer: (values: Asked | undefined) => void;
}

/** The dialog of 设置部门 / 设置角色: the department tree (only in-scope ones selectable) or the grantable roles. */
function BatchChoiceModal({ asking, onClose }: { asking: Asking | null; onClose: () => void }) {
  const t = useT();
  const [form] = Form.useForm<Record<string, unknown>>();
  const open = asking !== null;
  const dept = asking?.kind === 'dept';
  const deptTree = useCall(deptOptionCall, open && dept ? {} : null).data?.list;
  const depts = useMemo(() => placeable(deptTree ?? []), [deptTree]);
  const roleTree = useCall(roleOptionCall, open && !dept ? {} : null).data?.list;
  const roles = useMemo(() => flattenRoles(roleTree ?? []), [roleTree]);
  const finish = (values: Asked | undefined) => {
    asking?.answer(values);
    onClose();
  };
  return (
    <FormModal<Record<string, unknown>, Asked>
      open={open}
      name="userBatch"
      form={form}
      title={t(dept ? 'org.batch.dept.title' : 'org.batch.roles.title', { count: asking?.count ?? 0 })}
      okText={t('org.batch.apply')}
      values={dept ? {} : { mode: 'add' }}
      onSubmit={async (values) => values as unknown as Asked}
      onSaved={finish}
      onClose={() => finish(undefined)}
    >
      {dept ? (
        <Form.Item
          name="deptId"
          label={t('org.user.dept')}
          extra={t('org.batch.dept.hint')}
          rules={[{ required: true, message: t('org.batch.dept.required') }]}
        >
          <TreeSelect treeDefaultExpandAll treeData={depts} fieldNames={{ label: 'name', value: 'id', children: 'children' }} />
        </Form.Item>
      ) : (
        <>
          <Form.Item name="mode" label={t('org.batch.roles.mode')}>
            <Radio.Group
              options={[
                { value: 'add', label: t('org.batch.roles.mode.add') },
                { value: 'set', label: t('org.batch.roles.mode.set') },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="roleIds"
            label={t('org.user.role')}
            extra={t('org.batch.roles.hint')}
            rules={[{ required: true, message: t('org.batch.roles.required') }]}
          >
            <Select mode="multiple" allowClear options={roles} />
          </Form.Item>
        </>
      )}
    </FormModal>
  );
}

/**
 * The user list's batch actions (启用, 停用, 强制退出, 设置部门, 设置角色, 移入回收站; 恢复 in the recycle
 * bin), each shown to whom may make its single-row call. On a list of several tenants' users each row is
 * acted on in its own tenant; 设置部门 and 设置角色 choose a department or roles of one tenant, so they
 * take rows of one tenant at a time.
 */
export function useUserBatch({ recycle, onDone, resetKey }: { recycle: boolean; onDone: () => void; resetKey: unknown }): Batch<UserRow> {
  const t = useT();
  const page = useTenantScope();
  const { message } = App.useApp();
  const [asking, setAsking] = useState<Asking | null>(null);
  const ask =
    (kind: Asking['kind']) =>
    (rows: UserRow[]): Promise<Record<string, unknown> | undefined> => {
      const tenants = new Set(rows.map((r) => r.tenantId ?? page));
      if (tenants.size > 1) {
        void message.warning(t('org.batch.oneTenant'));
        return Promise.resolve(undefined);
      }
      return new Promise((answer) => setAsking({ kind, count: rows.length, tenant: [...tenants][0], answer }));
    };
  const actions: BatchAction<UserRow>[] = recycle
    ? [{ key: 'restore', label: t('org.user.restore'), call: memberRestoreBatchCall }]
    : [
        { key: 'enable', label: t('org.batch.enable'), call: memberStatusBatchCall, body: { status: Status.enabled } },
        { key: 'disable', label: t('org.batch.disable'), call: memberStatusBatchCall, body: { status: Status.disabled }, danger: true },
        { key: 'dept', label: t('org.batch.dept'), call: memberDeptBatchCall, body: ask('dept') },
        { key: 'roles', label: t('org.batch.roles'), call: memberRolesBatchCall, body: ask('roles') },
        { key: 'forceLogout', label: t('org.user.forceLogout'), call: forceLogoutBatchCall, danger: true },
        { key: 'delete', label: t('org.batch.delete'), call: memberDeleteBatchCall, danger: true },
      ];
  const batch = useBatchActions<UserRow>({
    actions,
    idOf: (row) => row.id,
    labelOf: (row) => (row.tenantName ? t('org.batch.rowOf', { name: row.username, tenant: row.tenantName }) : row.username),
    tenantOf: (row) => row.tenantId,
    onDone,
    resetKey,
  });
  return {
    ...batch,
    bar: (
      <>
        {batch.bar}
        <TenantScope tenantId={asking?.tenant ?? page}>
          <BatchChoiceModal asking={asking} onClose={() => setAsking(null)} />
        </TenantScope>
      </>
    ),
  };
}
