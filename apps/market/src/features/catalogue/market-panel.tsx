import { Col, Empty, Flex, Input, Row, Spin, Typography } from 'antd';
import { useState } from 'react';
import { appInstallCall } from '@uc/contracts';
import { useCan, useT } from '@uc/client';
import { LoadFailed } from '@uc/ui';
import { emptyText } from '../../lib/empty-text';
import { useAppList } from '../../lib/use-app-list';
import { MarketCard } from './market-card';

/** Spec section 2: 24 columns on xs and md, 12 on lg, 8 on xl, 6 on xxl. */
export const CARD_COLUMNS = { xs: 24, sm: 24, md: 24, lg: 12, xl: 8, xxl: 6 } as const;

/** The app drawer's right panel: the application market's cards, live while jobs run. */
export function MarketPanel() {
  const t = useT();
  const can = useCan();
  const [keyword, setKeyword] = useState('');
  const { cards, error, reload } = useAppList(keyword);

  let body;
  if (!cards && error) {
    body = <LoadFailed testId="market-panel-error" title={t('market.panel.loadFailed')} error={error} onRetry={reload} />;
  } else if (!cards) {
    body = <Spin data-testid="market-panel-loading" style={{ display: 'block', margin: '64px auto' }} />;
  } else if (cards.length === 0) {
    body = (
      <Empty
        data-testid="market-empty"
        style={{ marginTop: 64 }}
        description={keyword ? t('market.panel.noMatch', { keyword }) : <span style={{ whiteSpace: 'pre-line' }}>{t(emptyText(can(appInstallCall)))}</span>}
      />
    );
  } else {
    body = (
      <Row gutter={[16, 16]} data-testid="market-grid">
        {cards.map((card) => (
          <Col key={card.name} {...CARD_COLUMNS}>
            <MarketCard card={card} />
          </Col>
        ))}
      </Row>
    );
  }

  return (
    <Flex vertical gap={16} data-testid="market-panel">
      <Flex justify="space-between" align="center" gap={16} wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('market.panel.title')}
        </Typography.Title>
        <Input.Search
          allowClear
          data-testid="market-search"
          aria-label={t('market.panel.search')}
          placeholder={t('market.panel.search')}
          style={{ maxWidth: 320 }}
          onSearch={(value) => setKeyword(value.trim())}
        />
      </Flex>
      {body}
    </Flex>
  );
}
