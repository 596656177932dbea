import { Button, Flex, Tag, type TableColumnsType } from 'antd';
import type { UpgradeLogRow } from '@uc/contracts';
import { DeleteConfirm } from '@uc/ui';

export interface UpgradeLogActions {
  canEdit: boolean;
  canDelete: boolean;
  onView: (row: UpgradeLogRow) => void;
  onEdit: (row: UpgradeLogRow) => void;
  onDelete: (row: UpgradeLogRow) => void;
}

type Translate = (key: string, p?: Record<string, string | number>) => string;

/** Newest first; the title opens the entry's notes. */
export function upgradeLogColumns(t: Translate, formatTime: (iso: string) => string, a: UpgradeLogActions): TableColumnsType<UpgradeLogRow> {
  // A row's buttons carry its plugin and version in their accessible names: "编辑 user-centre 0.2.0".
  const named = (label: string, r: UpgradeLogRow) => `${label} ${r.plugin} ${r.version}`;
  return [
    { key: 'upgradedAt', dataIndex: 'upgradedAt', title: t('home.upgrade.field.upgradedAt'), sorter: true, defaultSortOrder: 'descend', render: formatTime },
    { key: 'plugin', dataIndex: 'plugin', title: t('home.upgrade.field.plugin'), sorter: true },
    { key: 'version', dataIndex: 'version', title: t('home.upgrade.field.version'), sorter: true },
    {
      key: 'title',
      dataIndex: 'title',
      title: t('home.upgrade.field.title'),
      render: (title: string, r) => (
        <Flex gap={6} align="center" wrap>
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => a.onView(r)}>
            {title}
          </Button>
          {r.automatic && (
            <Tag color="purple" title={t('home.upgrade.automaticHelp')}>
              {t('home.upgrade.automatic')}
            </Tag>
          )}
        </Flex>
      ),
    },
    ...(a.canEdit || a.canDelete
      ? [
          {
            key: 'actions',
            title: t('home.upgrade.column.actions'),
            fixed: 'right' as const,
            render: (_: unknown, r: UpgradeLogRow) => (
              <Flex gap={4}>
                {a.canEdit && (
                  <Button size="small" type="link" onClick={() => a.onEdit(r)} aria-label={named(t('home.upgrade.edit'), r)}>
                    {t('home.upgrade.edit')}
                  </Button>
                )}
                {a.canDelete && (
                  <DeleteConfirm title={t('home.upgrade.deleteConfirm', { plugin: r.plugin, version: r.version })} onConfirm={() => a.onDelete(r)}>
                    <Button size="small" type="link" danger aria-label={named(t('home.upgrade.delete'), r)}>
                      {t('home.upgrade.delete')}
                    </Button>
                  </DeleteConfirm>
                )}
              </Flex>
            ),
          },
        ]
      : []),
  ];
}
