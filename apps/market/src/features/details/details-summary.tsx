import { Descriptions, Empty, Flex, Image, Tag, Typography } from 'antd';
import { type AppDetails } from '@uc/contracts';
import { useLocale, useT } from '@uc/client';
import { localized } from '../../lib/localized';

const isWebLink = (url: string) => /^https?:\/\//i.test(url);

/** What the addon is and what it adds: facts, description, screenshots, pages and the libraries it needs. */
export function DetailsSummary({ details }: { details: AppDetails }) {
  const t = useT();
  const { locale } = useLocale();
  const description = localized(details.description, locale);
  const shared = Object.entries(details.shared);

  return (
    <Flex vertical gap={24}>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          { key: 'name', label: t('market.details.name'), children: <Typography.Text code>{details.name}</Typography.Text> },
          { key: 'author', label: t('market.details.author'), children: details.author || (details.builtIn ? t('market.details.builtInAuthor') : '-') },
          {
            key: 'homepage',
            label: t('market.details.homepage'),
            children: isWebLink(details.homepage) ? (
              <Typography.Link href={details.homepage} target="_blank" rel="noopener noreferrer" data-testid="market-details-homepage">
                {details.homepage}
              </Typography.Link>
            ) : (
              '-'
            ),
          },
          { key: 'viewed', label: t('market.details.viewedVersion'), children: details.viewedVersion },
          { key: 'newest', label: t('market.details.newestVersion'), children: details.version || '-' },
          {
            key: 'installed',
            label: t('market.details.installedVersion'),
            children: <span data-testid="market-details-local-version">{details.localVersion || t('market.details.notInstalled')}</span>,
          },
        ]}
      />

      <section>
        <Typography.Title level={3} style={{ fontSize: 16 }}>
          {t('market.details.description')}
        </Typography.Title>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} data-testid="market-details-description">
          {description || t('market.details.noDescription')}
        </Typography.Paragraph>
      </section>

      {details.screenshots.length > 0 && (
        <section>
          <Typography.Title level={3} style={{ fontSize: 16 }}>
            {t('market.details.screenshots')}
          </Typography.Title>
          <Image.PreviewGroup>
            <Flex gap={12} wrap data-testid="market-details-screenshots">
              {details.screenshots.map((src, i) => (
                <Image key={src} src={src} width={200} alt={t('market.details.screenshot', { n: i + 1 })} />
              ))}
            </Flex>
          </Image.PreviewGroup>
        </section>
      )}

      <section>
        <Typography.Title level={3} style={{ fontSize: 16 }}>
          {t('market.details.pages')}
        </Typography.Title>
        {details.pages.length === 0 && details.routes.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('market.details.noPages')} />
        ) : (
          <Flex vertical gap={8}>
            <ul data-testid="market-details-pages" style={{ margin: 0, paddingInlineStart: 20 }}>
              {details.pages.map((p) => (
                <li key={p.path}>
                  <Typography.Text>{localized(p.title, locale) || p.path}</Typography.Text> <Typography.Text code>{p.path}</Typography.Text>
                </li>
              ))}
            </ul>
            <Flex gap={4} wrap align="center">
              <Typography.Text type="secondary">{t('market.details.routes')}</Typography.Text>
              {details.routes.map((r) => (
                <Tag key={r}>{r}</Tag>
              ))}
            </Flex>
          </Flex>
        )}
      </section>

      <section>
        <Typography.Title level={3} style={{ fontSize: 16 }}>
          {t('market.details.shared')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('market.details.sharedHelp')}</Typography.Paragraph>
        {shared.length === 0 ? (
          <Typography.Text type="secondary">-</Typography.Text>
        ) : (
          <Flex gap={4} wrap data-testid="market-details-shared">
            {shared.map(([library, range]) => (
              <Tag key={library}>
                {library} {range}
              </Tag>
            ))}
          </Flex>
        )}
      </section>
    </Flex>
  );
}
