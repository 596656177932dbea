import { Avatar, Button, Card, Flex, Progress, Tooltip, Typography } from 'antd';
import { InstallStatus, type AppCard } from '@uc/contracts';
import { useLocale, useT } from '@uc/client';
import { AppIcon } from '../../lib/app-icon';
import { BuiltInTag, DisabledTag, InstallStatusTag, isRunning } from '../../lib/install-status';
import { localized } from '../../lib/localized';
import { openDetailsWindow } from '../../lib/market-paths';

/** What the card offers (spec section 4): install, update or details; all three open the details page. */
export function cardAction(card: Pick<AppCard, 'installStatus' | 'updateStatus'>): 'install' | 'update' | 'details' {
  if (card.installStatus === InstallStatus.notInstalled || card.installStatus === InstallStatus.failed) return 'install';
  if (card.installStatus === InstallStatus.installed && card.updateStatus === 1) return 'update';
  return 'details';
}

/** The version line: the newest version; on an update, the installed one struck through before it. */
function CardVersion({ card }: { card: AppCard }) {
  const update = cardAction(card) === 'update';
  return (
    <Typography.Text type="secondary" data-testid="market-card-version" style={{ fontSize: 12 }}>
      {update && (
        <>
          <del data-testid="market-old-version">{card.localVersion}</del>{' '}
        </>
      )}
      <span data-testid="market-new-version">{card.version}</span>
    </Typography.Text>
  );
}

/** One application card of the market panel. */
export function MarketCard({ card }: { card: AppCard }) {
  const t = useT();
  const { locale } = useLocale();
  const title = localized(card.title, locale) || card.name;
  const action = cardAction(card);
  const open = () => openDetailsWindow(card.versionId);
  const failed = card.installStatus === InstallStatus.failed;

  return (
    <Card size="small" data-testid={`market-card-${card.name}`} style={{ height: '100%' }} styles={{ body: { height: '100%' } }}>
      <Flex gap={12} style={{ height: '100%' }}>
        <Avatar shape="square" size={48} icon={<AppIcon name={card.word} />} style={{ flex: 'none', background: '#e6f4ff', color: '#1890ff' }} />
        <Flex vertical gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Flex gap={8} align="center" justify="space-between">
            <Typography.Text strong ellipsis={{ tooltip: title }} data-testid="market-card-title">
              {title}
            </Typography.Text>
            {card.installStatus === InstallStatus.installed && !card.enabled && <DisabledTag />}
          </Flex>
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0, minHeight: 44 }} data-testid="market-card-description">
            {localized(card.description, locale)}
          </Typography.Paragraph>
          <Flex gap={8} align="center" justify="space-between" wrap>
            <CardVersion card={card} />
            <Flex gap={4} wrap>
              {card.builtIn && <BuiltInTag />}
              {failed && card.error ? (
                <Tooltip title={card.error}>
                  <span>
                    <InstallStatusTag status={card.installStatus} testId="market-card-status" />
                  </span>
                </Tooltip>
              ) : (
                <InstallStatusTag status={card.installStatus} testId="market-card-status" />
              )}
            </Flex>
          </Flex>
          {isRunning(card.installStatus) && <Progress percent={card.progress} size="small" status="active" data-testid="market-card-progress" />}
          {failed && card.error && (
            <Typography.Text type="danger" ellipsis={{ tooltip: card.error }} style={{ fontSize: 12 }} data-testid="market-card-error">
              {card.error}
            </Typography.Text>
          )}
          <Flex justify="end" style={{ marginTop: 'auto' }}>
            {action === 'install' && (
              <Button type="primary" size="small" data-testid="market-install" aria-label={`${t('market.card.install')} ${title}`} onClick={open}>
                {t('market.card.install')}
              </Button>
            )}
            {action === 'update' && (
              <Button type="primary" size="small" data-testid="market-update" aria-label={`${t('market.card.update')} ${title}`} onClick={open}>
                {t('market.card.update')}
              </Button>
            )}
            {action === 'details' && (
              <Button size="small" data-testid="market-details" aria-label={`${t('market.card.details')} ${title}`} onClick={open}>
                {t('market.card.details')}
              </Button>
            )}
          </Flex>
        </Flex>
      </Flex>
    </Card>
  );
}
