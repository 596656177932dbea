import { Form, Select, TreeSelect } from 'antd';
import { deptOptionCall, postOptionCall, roleOptionCall, type DeptOption, type RoleOption } from '@uc/contracts';
import { useT } from '@uc/client';
import { useCall } from '@uc/ui';

type TreeOption = { value: number; title: string; disabled?: boolean; children?: TreeOption[] };
const deptTree = (list: DeptOption[]): TreeOption[] =>
  list.map((d) => ({ value: d.id, title: d.name, disabled: d.disabled, children: deptTree(d.children ?? []) }));
const roleTree = (list: RoleOption[]): TreeOption[] => list.map((r) => ({ value: r.id, title: r.name, children: roleTree(r.children) }));

/** The message keys of one field: its label, the refusal when it is empty, and optionally a help line. */
export interface RecordFieldKeys {
  label: string;
  required: string;
  help?: string;
}

/**
 * A default tenant's own department, role and post (defaultDeptId, defaultRoleId, defaultPostId), for the
 * tenant policy and the site settings. Rendered inside a TenantScope, so the option calls act in that
 * tenant (X-UC-Tenant), as its own administrator would see them.
 */
export function TenantRecordFields({
  tenantId,
  keys,
  chooseTenantFirst,
}: {
  tenantId: number | undefined;
  keys: Record<'dept' | 'role' | 'post', RecordFieldKeys>;
  /** The message key of the placeholder shown while no tenant is chosen. */
  chooseTenantFirst: string;
}) {
  const t = useT();
  const ask = tenantId ? {} : null;
  const depts = useCall(deptOptionCall, ask);
  const roles = useCall(roleOptionCall, ask);
  const posts = useCall(postOptionCall, ask);
  const placeholder = tenantId ? undefined : t(chooseTenantFirst);
  const item = (name: 'defaultDeptId' | 'defaultRoleId' | 'defaultPostId', k: RecordFieldKeys) => ({
    name,
    label: t(k.label),
    ...(k.help ? { extra: t(k.help) } : {}),
    rules: [{ required: true, message: t(k.required) }],
  });
  return (
    <>
      <Form.Item {...item('defaultDeptId', keys.dept)}>
        <TreeSelect
          disabled={!tenantId}
          placeholder={placeholder}
          loading={depts.loading}
          treeDefaultExpandAll
          treeData={tenantId ? deptTree(depts.data?.list ?? []) : []}
        />
      </Form.Item>
      <Form.Item {...item('defaultRoleId', keys.role)}>
        <TreeSelect
          disabled={!tenantId}
          placeholder={placeholder}
          loading={roles.loading}
          treeDefaultExpandAll
          treeData={tenantId ? roleTree(roles.data?.list ?? []) : []}
        />
      </Form.Item>
      <Form.Item {...item('defaultPostId', keys.post)}>
        <Select
          disabled={!tenantId}
          placeholder={placeholder}
          loading={posts.loading}
          options={tenantId ? (posts.data?.list ?? []).map((p) => ({ value: p.id, label: p.name })) : []}
        />
      </Form.Item>
    </>
  );
}
