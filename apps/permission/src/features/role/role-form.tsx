import { Col, Form, Input, InputNumber, Row, Select, Tree, TreeSelect } from 'antd';
import {
  dataScope,
  roleDeptTreeCall,
  roleEditCall,
  roleOptionCall,
  type DeptGrantNode,
  type RoleInput,
  type RoleNode,
  type RoleOption,
  Status,
} from '@uc/contracts';
import { useScopedCall, useT } from '@uc/client';
import { FormDrawer, StatusRadio, useCall } from '@uc/ui';

export interface RoleFormProps {
  open: boolean;
  record?: RoleNode;
  parentId?: number | null;
  onClose: () => void;
  onSaved: () => void;
}

type Choice = { value: number; title: string; children: Choice[] };
const toChoices = (nodes: RoleOption[], skip?: number): Choice[] =>
  nodes.filter((n) => n.id !== skip).map((n) => ({ value: n.id, title: n.name, children: toChoices(n.children, skip) }));
type DeptNode = { key: number; title: string; disableCheckbox: boolean; children: DeptNode[] };
const toDeptNodes = (nodes: DeptGrantNode[]): DeptNode[] =>
  nodes.map((n) => ({ key: n.id, title: n.name, disableCheckbox: !n.grantable, children: toDeptNodes(n.children) }));

/** Until the options arrive (one array, so memoised children keep theirs). */
const NONE: never[] = [];

/** The role editor with its data scope: all, own department, department and below, custom departments, self. */
export function RoleForm({ open, record, parentId, onClose, onSaved }: RoleFormProps) {
  const t = useT();
  const call = useScopedCall();
  const [form] = Form.useForm<RoleInput>();
  const roles = useCall(roleOptionCall, open ? {} : null).data?.list ?? NONE;
  const depts = useCall(roleDeptTreeCall, open ? {} : null).data?.list ?? NONE;
  const scope = Form.useWatch('dataScope', form);

  const required = { required: true, whitespace: true, message: t('perm.role.required') };
  return (
    <FormDrawer
      open={open}
      width={640}
      title={t(record ? 'perm.role.editTitle' : 'perm.role.createTitle')}
      name="role-form"
      form={form}
      values={record ? (record as RoleInput) : { parentId: parentId ?? null, dataScope: dataScope.all, deptIds: [], sort: 0, status: Status.enabled }}
      onSubmit={(values) => call(roleEditCall, { body: { ...values, id: record?.id, parentId: values.parentId ?? null }, done: 'saved' })}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="name" label={t('perm.role.name')} rules={[required]}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="key" label={t('perm.role.key')} rules={[required]}>
            <Input maxLength={64} placeholder="ops.viewer" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="parentId" label={t('perm.role.parent')}>
            <TreeSelect allowClear treeDefaultExpandAll treeData={toChoices(roles, record?.id)} placeholder={t('perm.common.none')} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="dataScope" label={t('perm.role.dataScope')}>
            <Select options={[1, 2, 3, 4, 5].map((v) => ({ value: v, label: t(`perm.role.dataScope.${v}`) }))} />
          </Form.Item>
        </Col>
        {scope === dataScope.customDepts && (
          <Col span={24}>
            <Form.Item
              name="deptIds"
              label={t('perm.role.depts')}
              valuePropName="checkedKeys"
              trigger="onCheck"
              getValueFromEvent={(checked: number[] | { checked: number[] }) => (Array.isArray(checked) ? checked : checked.checked)}
              rules={[
                {
                  validator: (_, v: number[] | undefined) => (v && v.length > 0 ? Promise.resolve() : Promise.reject(new Error(t('perm.role.depts.required')))),
                },
              ]}
            >
              <Tree checkable checkStrictly defaultExpandAll treeData={toDeptNodes(depts)} aria-label={t('perm.role.depts')} />
            </Form.Item>
          </Col>
        )}
        <Col span={8}>
          <Form.Item name="sort" label={t('perm.common.sort')}>
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={16}>
          <Form.Item name="status" label={t('perm.common.status')}>
            <StatusRadio />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="remark" label={t('perm.common.remark')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={500} />
          </Form.Item>
        </Col>
      </Row>
    </FormDrawer>
  );
}
