import { Descriptions, Divider, Drawer, Flex, Tag, Typography } from 'antd';
import { type UpgradeLogRow } from '@uc/contracts';
import { formatDateTime, useLocale, useT } from '@uc/client';
import { SanitisedHtml } from '../../lib/sanitised-html';

interface UpgradeLogViewDrawerProps {
  /** The entry to show; null: closed. */
  entry: UpgradeLogRow | null;
  onClose: () => void;
}

/** One upgrade: what was upgraded to which version, when, and its notes. */
export function UpgradeLogViewDrawer({ entry, onClose }: UpgradeLogViewDrawerProps) {
  const t = useT();
  const { locale } = useLocale();
  return (
    <Drawer open={entry !== null} onClose={onClose} size={720} title={entry?.title} destroyOnHidden>
      {entry && (
        <>
          <Flex gap={4} wrap style={{ marginBottom: 16 }}>
            <Tag color="blue">{entry.plugin}</Tag>
            <Tag>{entry.version}</Tag>
            {entry.automatic && <Tag color="purple">{t('home.upgrade.automatic')}</Tag>}
          </Flex>
          <Descriptions
            size="small"
            column={1}
            items={[{ key: 'upgradedAt', label: t('home.upgrade.field.upgradedAt'), children: formatDateTime(entry.upgradedAt, locale) }]}
          />
          <Divider />
          {entry.contentHtml.trim() ? (
            <SanitisedHtml html={entry.contentHtml} testId="upgrade-content" />
          ) : (
            <Typography.Text type="secondary">{t('home.upgrade.noContent')}</Typography.Text>
          )}
        </>
      )}
    </Drawer>
  );
}
