import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Segmented } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { tenantInviteDeleteCall, tenantInviteEditCall, tenantInviteListCall, type FilterTriple, type TenantInviteRow } from '@uc/contracts';
import { BASE_PATH, call, useCan, useLocale, useT, formatDateTime, copyText } from '@uc/client';
import { ListTable, useListQuery } from '@uc/ui';

import { inviteColumns } from './invite-columns';
import { InviteFormModal } from './invite-form-modal';

type UsedFilter = 'all' | 'unused' | 'used';
const USED_FILTERS: Record<UsedFilter, FilterTriple[]> = { all: [], unused: [['used', '=', false]], used: [['used', '=', true]] };

/** The shell's registration screen fills its invitation code from ?inviteCode= (apps/shell login-page). */
export const registrationLink = (code: string): string => `${window.location.origin}${BASE_PATH}/user/reg?inviteCode=${encodeURIComponent(code)}`;

/** /tenant/invite: single-use codes with which a new tenant registers; used ones stay as the record. */
export function InvitePage() {
  const t = useT();
  const { locale } = useLocale();
  const { message } = App.useApp();
  const can = useCan();
  const query = useListQuery(tenantInviteListCall, { sort: '-createdAt' });
  const { reload, setFilter } = query;
  const [used, setUsed] = useState<UsedFilter>('all');
  const [editor, setEditor] = useState<{ open: boolean; record?: TenantInviteRow }>({ open: false });

  const canEdit = can(tenantInviteEditCall);
  const canDelete = can(tenantInviteDeleteCall);

  const copyLink = useCallback(
    (row: TenantInviteRow) =>
      void copyText(registrationLink(row.code)).then((ok) =>
        ok ? message.success(t('tenant.invite.linkCopied')) : message.error(t('tenant.invite.copyFailed')),
      ),
    [message, t],
  );

  const columns = useMemo(
    () =>
      inviteColumns(t, (iso) => formatDateTime(iso, locale), {
        canEdit,
        canDelete,
        onEdit: (record) => setEditor({ open: true, record }),
        onCopyLink: copyLink,
        onDelete: (row) =>
          void call(tenantInviteDeleteCall, { body: { id: row.id }, done: 'deleted' })
            .then(() => {
              reload();
            })
            .catch(() => undefined),
      }),
    [t, locale, canEdit, canDelete, copyLink, reload],
  );

  const toolbar = (
    <>
      <Segmented<UsedFilter>
        aria-label={t('tenant.invite.used')}
        value={used}
        options={[
          { value: 'all', label: t('tenant.invite.filter.all') },
          { value: 'unused', label: t('tenant.invite.used.no') },
          { value: 'used', label: t('tenant.invite.used.yes') },
        ]}
        onChange={(value) => {
          setUsed(value);
          setFilter(USED_FILTERS[value]);
        }}
      />
      {canEdit && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ open: true })}>
          {t('tenant.common.create')}
        </Button>
      )}
    </>
  );

  return (
    <Card title={t('tenant.invite.title')}>
      <ListTable query={query} columns={columns} rowKey="id" searchPlaceholder={t('tenant.invite.search')} toolbar={toolbar} />
      <InviteFormModal
        open={editor.open}
        record={editor.record}
        onClose={() => setEditor({ open: false })}
        onSaved={() => {
          setEditor({ open: false });
          reload();
        }}
      />
    </Card>
  );
}
