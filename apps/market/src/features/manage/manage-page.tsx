import { Card } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { appInstallCall, appStatusCall } from '@uc/contracts';
import { call, useCan, useLocale, useT } from '@uc/client';
import { ListTable } from '@uc/ui';
import { postMarketEvent } from '../../lib/market-channel';
import { emptyText } from '../../lib/empty-text';
import { detailsPath } from '../../lib/market-paths';
import { manageColumns } from './manage-columns';
import { useCardTable } from './use-card-table';

/**
 * /addons/market (the spec's manage-applications target, /admin/web/addons/market): every addon the
 * market offers or this server has, for the platform's administrators.
 */
export function ManagePage() {
  const t = useT();
  const { locale } = useLocale();
  const can = useCan();
  const navigate = useNavigate();
  const query = useCardTable();
  const { reload } = query;
  const canSwitch = can(appStatusCall);

  const columns = useMemo(
    () =>
      manageColumns(t, {
        locale,
        canSwitch,
        onDetails: (card) => navigate(detailsPath(card.versionId)),
        onSwitch: (card, enabled) =>
          // The list's answer after it shows the switch, and the console's registry and menus follow from it.
          call(appStatusCall, { body: { name: card.name, enabled }, done: 'done' }).then(() => {
            postMarketEvent({ type: 'status', name: card.name });
            reload();
          }),
      }),
    [t, locale, canSwitch, navigate, reload],
  );

  const error = query.error && query.rows.length === 0 && !query.loading ? query.error : null;
  return (
    <Card title={t('market.manage.title')} data-testid="market-manage">
      <ListTable
        query={query}
        columns={columns}
        rowKey="name"
        searchPlaceholder={t('market.panel.search')}
        emptyText={
          error instanceof Error
            ? t('market.manage.loadFailed', { reason: error.message })
            : query.keyword
              ? t('market.panel.noMatch', { keyword: query.keyword })
              : t(emptyText(can(appInstallCall)))
        }
      />
    </Card>
  );
}
