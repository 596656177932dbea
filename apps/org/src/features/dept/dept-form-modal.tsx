import { Col, Form, Input, InputNumber, Row, TreeSelect } from 'antd';
import { useMemo, type ReactNode } from 'react';
import {
  deptEditCall,
  deptOptionCall,
  DEPT_REQUIRED,
  EMAIL_INVALID,
  EMAIL_PATTERN,
  PHONE_INVALID,
  PHONE_PATTERN,
  type DeptEditBody,
  type DeptOption,
  Status,
} from '@uc/contracts';
import { useScopedCall, useT } from '@uc/client';
import { FormModal, StatusRadio, useCall } from '@uc/ui';

export type DeptFormValues = Partial<DeptEditBody>;

interface DeptFormModalProps {
  /** The department to edit (with id) or the defaults of a new one; null: closed. */
  initial: DeptFormValues | null;
  onClose: () => void;
  onSaved: () => void;
}

/** The department itself and its sub-departments cannot become its parent (the server refuses cycles too). */
function withoutSelf(nodes: DeptOption[], selfId: number | undefined): DeptOption[] {
  return nodes.map((n) => ({
    ...n,
    disabled: n.disabled || n.id === selfId,
    children: n.id === selfId ? undefined : n.children && withoutSelf(n.children, selfId),
  }));
}

export function DeptFormModal({ initial, onClose, onSaved }: DeptFormModalProps) {
  const t = useT();
  const call = useScopedCall();
  const [form] = Form.useForm<DeptFormValues>();
  const open = initial !== null;
  const options = useCall(deptOptionCall, open ? {} : null).data?.list;
  const treeData = useMemo(() => withoutSelf(options ?? [], initial?.id), [options, initial?.id]);
  const required = { required: true, whitespace: true, message: t(DEPT_REQUIRED) };
  // Two columns: the whole form fits a 900-pixel-high window.
  const half = (node: ReactNode) => <Col span={12}>{node}</Col>;

  return (
    <FormModal
      open={open}
      title={initial?.id ? t('org.dept.edit') : t('org.dept.create')}
      name="dept"
      form={form}
      width={720}
      values={{ sort: 0, status: Status.enabled, ...initial }}
      onSubmit={(values) => call(deptEditCall, { body: { ...values, id: initial?.id, parentId: values.parentId ?? null } as DeptEditBody, done: 'saved' })}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Form.Item name="parentId" label={t('org.dept.parent')}>
        <TreeSelect
          allowClear
          treeDefaultExpandAll
          treeData={treeData}
          fieldNames={{ label: 'name', value: 'id', children: 'children' }}
          placeholder={t('org.dept.parent.none')}
        />
      </Form.Item>
      <Row gutter={16}>
        {half(
          <Form.Item name="name" label={t('org.dept.name')} rules={[required, { max: 64 }]}>
            <Input />
          </Form.Item>,
        )}
        {half(
          <Form.Item name="code" label={t('org.dept.code')} rules={[required, { max: 64 }]}>
            <Input />
          </Form.Item>,
        )}
        {half(
          <Form.Item name="leader" label={t('org.dept.leader')} rules={[{ max: 64 }]}>
            <Input />
          </Form.Item>,
        )}
        {half(
          <Form.Item name="phone" label={t('org.dept.phone')} rules={[{ pattern: PHONE_PATTERN, message: t(PHONE_INVALID) }]}>
            <Input />
          </Form.Item>,
        )}
        {half(
          <Form.Item name="email" label={t('org.dept.email')} rules={[{ pattern: EMAIL_PATTERN, message: t(EMAIL_INVALID) }, { max: 320 }]}>
            <Input />
          </Form.Item>,
        )}
        {half(
          <Form.Item name="sort" label={t('org.field.sort')}>
            <InputNumber min={-1000000} max={1000000} precision={0} style={{ width: '100%' }} />
          </Form.Item>,
        )}
      </Row>
      <Form.Item name="status" label={t('org.field.status')}>
        <StatusRadio />
      </Form.Item>
      <Form.Item name="remark" label={t('org.field.remark')} rules={[{ max: 500 }]}>
        <Input.TextArea rows={2} />
      </Form.Item>
    </FormModal>
  );
}
