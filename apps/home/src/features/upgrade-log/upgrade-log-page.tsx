import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Input } from 'antd';
import { useMemo, useState } from 'react';
import { upgradeLogDeleteCall, upgradeLogEditCall, upgradeLogListCall, type FilterTriple, type UpgradeLogRow } from '@uc/contracts';
import { call, formatDateTime, useCan, useLocale, useT } from '@uc/client';
import { ListTable, useListQuery } from '@uc/ui';
import { upgradeLogColumns } from './upgrade-log-columns';
import { UpgradeLogFormDrawer } from './upgrade-log-form-drawer';
import { UpgradeLogViewDrawer } from './upgrade-log-view-drawer';

interface Narrowing {
  plugin: string;
  version: string;
}

/** Plugin names are matched anywhere ("centre" finds user-centre); versions by their start ("1.2" finds 1.2.0 and 1.2.7). */
export function upgradeLogFilter({ plugin, version }: Narrowing): FilterTriple[] {
  return [...(plugin ? [['plugin', 'like', plugin] as FilterTriple] : []), ...(version ? [['version', 'like_right', version] as FilterTriple] : [])];
}

/**
 * /home/upgrade/logs: the platform's upgrade history, newest first, for every signed-in user. The
 * server writes an entry itself when its schema changes or a remote or addon is installed or updated
 * (marked 自动); the platform's administrators add and correct entries by hand.
 */
export function UpgradeLogPage() {
  const t = useT();
  const { locale } = useLocale();
  const can = useCan();
  const query = useListQuery(upgradeLogListCall, { sort: '-upgradedAt' });
  const { reload, setFilter } = query;
  const [narrowing, setNarrowing] = useState<Narrowing>({ plugin: '', version: '' });
  const [viewing, setViewing] = useState<UpgradeLogRow | null>(null);
  const [editor, setEditor] = useState<{ open: boolean; record?: UpgradeLogRow }>({ open: false });

  const canEdit = can(upgradeLogEditCall);
  const canDelete = can(upgradeLogDeleteCall);

  const narrow = (change: Partial<Narrowing>) => {
    const next = { ...narrowing, ...change };
    if (next.plugin === narrowing.plugin && next.version === narrowing.version) return;
    setNarrowing(next);
    setFilter(upgradeLogFilter(next));
  };

  const columns = useMemo(
    () =>
      upgradeLogColumns(t, (iso) => formatDateTime(iso, locale), {
        canEdit,
        canDelete,
        onView: setViewing,
        onEdit: (record) => setEditor({ open: true, record }),
        onDelete: (row) =>
          void call(upgradeLogDeleteCall, { body: { id: row.id }, done: 'deleted' }).then(
            () => reload(),
            () => undefined,
          ),
      }),
    [t, locale, canEdit, canDelete, reload],
  );

  const toolbar = (
    <>
      <Input.Search
        allowClear
        aria-label={t('home.upgrade.filter.plugin')}
        placeholder={t('home.upgrade.filter.plugin')}
        style={{ width: 180 }}
        onSearch={(value) => narrow({ plugin: value.trim() })}
      />
      <Input.Search
        allowClear
        aria-label={t('home.upgrade.filter.version')}
        placeholder={t('home.upgrade.filter.version')}
        style={{ width: 160 }}
        onSearch={(value) => narrow({ version: value.trim() })}
      />
      {canEdit && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ open: true })}>
          {t('home.upgrade.create')}
        </Button>
      )}
    </>
  );

  const filtered = query.keyword !== '' || query.filter.length > 0;
  return (
    <Card title={t('home.upgrade.title')}>
      <ListTable
        query={query}
        columns={columns}
        rowKey="id"
        searchPlaceholder={t('home.upgrade.search')}
        toolbar={toolbar}
        emptyText={t(filtered ? 'home.upgrade.empty.filtered' : canEdit ? 'home.upgrade.empty.create' : 'home.upgrade.empty.none')}
      />
      <UpgradeLogViewDrawer entry={viewing} onClose={() => setViewing(null)} />
      <UpgradeLogFormDrawer
        open={editor.open}
        record={editor.record}
        onClose={() => setEditor({ open: false })}
        onSaved={(saved) => {
          setEditor({ open: false });
          reload();
          // What the markdown became: the server renders it, so the saved entry is its preview.
          setViewing(saved);
        }}
      />
    </Card>
  );
}
