import { Form, Input, Select, Spin } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { memberListCall, openAccessEditCall, type OpenAccessInput, type OpenAccessRecord, Status, type StatusValue } from '@uc/contracts';
import { call, useT } from '@uc/client';
import { FormModal, StatusRadio } from '@uc/ui';

export interface OpenAccessFormProps {
  open: boolean;
  record?: OpenAccessRecord;
  onClose: () => void;
  /** A new key's secret comes back once: the page shows it. */
  onSaved: (created?: { id: number; key: string; secret: string }) => void;
}

type UserOption = { value: number; label: string };
const label = (u: { username: string; realName: string }) => (u.realName ? `${u.username} (${u.realName})` : u.username);

/** Create or edit an open access key: title, the user it acts as, status, remark. */
export function OpenAccessForm({ open, record, onClose, onSaved }: OpenAccessFormProps) {
  const t = useT();
  const [form] = Form.useForm<OpenAccessInput>();
  const [options, setOptions] = useState<UserOption[]>([]);
  const [searching, setSearching] = useState(false);
  const latest = useRef(0);

  const search = useCallback(
    (keyword: string) => {
      const ticket = ++latest.current;
      setSearching(true);
      const filter = keyword.trim() ? JSON.stringify([['keyword', keyword.trim()]]) : undefined;
      call(memberListCall, { query: { page: 1, pageSize: 20, ...(filter ? { filter } : {}) } })
        .then((d) => {
          if (ticket !== latest.current) return;
          const found = d.list.map((u) => ({ value: u.id, label: label(u) }));
          if (record && !found.some((o) => o.value === record.userId)) found.unshift({ value: record.userId, label: label(record) });
          setOptions(found);
        })
        .catch(() => undefined)
        .finally(() => ticket === latest.current && setSearching(false));
    },
    [record],
  );

  useEffect(() => {
    if (!open) return;
    setOptions(record ? [{ value: record.userId, label: label(record) }] : []);
    search('');
  }, [open, record, search]);

  return (
    <FormModal
      open={open}
      title={t(record ? 'perm.oa.editTitle' : 'perm.oa.createTitle')}
      name="openaccess-form"
      form={form}
      values={
        record
          ? { title: record.title, userId: record.userId, status: record.status as StatusValue, remark: record.remark }
          : { status: Status.enabled, remark: '' }
      }
      onSubmit={(values) => call(openAccessEditCall, { body: { ...values, id: record?.id }, done: 'saved' })}
      onSaved={(saved) => onSaved(saved.secret ? { id: saved.id, key: saved.key, secret: saved.secret } : undefined)}
      onClose={onClose}
    >
      <Form.Item name="title" label={t('perm.oa.titleField')} rules={[{ required: true, whitespace: true, message: t('perm.oa.titleRequired') }]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="userId" label={t('perm.oa.user')} extra={t('perm.oa.user.help')} rules={[{ required: true, message: t('perm.oa.userRequired') }]}>
        <Select
          showSearch
          filterOption={false}
          onSearch={search}
          options={options}
          placeholder={t('perm.oa.userPlaceholder')}
          notFoundContent={searching ? <Spin size="small" /> : undefined}
        />
      </Form.Item>
      <Form.Item name="status" label={t('perm.common.status')}>
        <StatusRadio />
      </Form.Item>
      <Form.Item name="remark" label={t('perm.common.remark')}>
        <Input.TextArea maxLength={500} rows={3} />
      </Form.Item>
    </FormModal>
  );
}
