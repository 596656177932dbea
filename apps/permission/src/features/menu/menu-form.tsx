import { Col, Form, Input, InputNumber, Radio, Row, Switch, TreeSelect } from 'antd';
import { menuEditCall, menuInputSchema, menuOptionCall, type MenuInput, type MenuNode, type MenuOption, Status } from '@uc/contracts';
import { call, menuName, useT } from '@uc/client';
import { contractRule, FormDrawer, StatusRadio, useCall } from '@uc/ui';
import { IconPicker } from './icon-picker';

export interface MenuFormProps {
  open: boolean;
  /** The entry being edited; absent: a new entry (below `parentId` when given). */
  record?: MenuNode;
  parentId?: number | null;
  onClose: () => void;
  onSaved: () => void;
}

const FLAGS = ['isRoot', 'popup', 'simplified', 'keepAlive', 'hidden', 'external', 'affix'] as const;
const DEFAULTS: Partial<MenuInput> = { type: 2, client: 1, addon: 'ml.svc.user', sort: 0, status: Status.enabled, parentId: null };

type ParentNode = { value: number; title: string; children: ParentNode[] };
const toParents = (nodes: MenuOption[], t: (k: string) => string, skip?: number): ParentNode[] =>
  nodes.filter((n) => n.id !== skip).map((n) => ({ value: n.id, title: menuName(n, t), children: toParents(n.children, t, skip) }));

/** The menu editor: every field of the spec's menu editor, in a drawer. */
/** Until the options arrive. */
const NONE: MenuOption[] = [];

export function MenuForm({ open, record, parentId, onClose, onSaved }: MenuFormProps) {
  const t = useT();
  const [form] = Form.useForm<MenuInput>();
  const parents = useCall(menuOptionCall, open ? {} : null).data?.list ?? NONE;
  const type = Form.useWatch('type', form);

  const label = (key: string) => t(`perm.menu.${key}`);
  return (
    <FormDrawer
      open={open}
      title={t(record ? 'perm.menu.editTitle' : 'perm.menu.createTitle')}
      name="menu-form"
      form={form}
      values={record ? ({ ...record, permissions: record.permissions.split(',').join(', ') } as MenuInput) : { ...DEFAULTS, parentId: parentId ?? null }}
      onSubmit={(values) => call(menuEditCall, { body: { ...values, id: record?.id, parentId: values.parentId ?? null }, done: 'saved' })}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="type" label={label('type')}>
            <Radio.Group optionType="button" options={[1, 2, 3].map((v) => ({ value: v, label: t(`perm.menu.type.${v}`) }))} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="client" label={label('client')}>
            <Radio.Group options={[1, 2].map((v) => ({ value: v, label: t(`perm.menu.client.${v}`) }))} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="parentId" label={label('parent')}>
            <TreeSelect allowClear treeDefaultExpandAll placeholder={t('perm.menu.parent.root')} treeData={toParents(parents, t, record?.id)} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="addon" label={label('addon')}>
            <Input />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="name" label={label('name')} rules={[{ required: true, whitespace: true, message: t('perm.menu.name.required') }]}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="locale" label={label('locale')}>
            <Input placeholder="menu.org.user" />
          </Form.Item>
        </Col>
        {type !== 3 && (
          <>
            <Col span={12}>
              <Form.Item name="icon" label={label('icon')}>
                <IconPicker />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="path" label={label('path')} rules={[contractRule(menuInputSchema.shape.path)]} extra={t('perm.menu.path.help')}>
                <Input />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="alias" label={label('alias')} extra={t('perm.menu.alias.help')}>
                <Input />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="component" label={label('component')}>
                <Input />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="redirect" label={label('redirect')} rules={[contractRule(menuInputSchema.shape.redirect)]}>
                <Input />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="highlight" label={label('highlight')} rules={[contractRule(menuInputSchema.shape.highlight)]}>
                <Input />
              </Form.Item>
            </Col>
          </>
        )}
        <Col span={24}>
          <Form.Item name="permissions" label={label('permissions')} extra={t('perm.menu.permissions.help')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
          </Form.Item>
        </Col>
        {type !== 3 &&
          FLAGS.map((flag) => (
            <Col span={6} key={flag}>
              <Form.Item name={flag} label={label(flag)} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
          ))}
        <Col span={6}>
          <Form.Item name="sort" label={t('perm.common.sort')}>
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={6}>
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
