import { Alert, Avatar, Card, Divider, Flex, Progress, Result, Skeleton, Typography } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { appDetailsCall, appJobCall, appRollbackCall, InstallStatus, versionIdSchema, type AppDetails, type AppJob } from '@uc/contracts';
import { ApiError, call, ErrorShowType, getApiUi, refreshRegistryAndMenus, useCan, useLocale, useT } from '@uc/client';
import { LoadFailed, useCall } from '@uc/ui';
import { AppIcon } from '../../lib/app-icon';
import { BuiltInTag, DisabledTag, InstallStatusTag, isRunning } from '../../lib/install-status';
import { localized } from '../../lib/localized';
import { postMarketEvent, useMarketSignals, type MarketEvent } from '../../lib/market-channel';
import { detailsPath } from '../../lib/market-paths';
import { registryChanged } from '../../lib/registry-change';
import { POLL_MS } from '../../lib/use-app-list';
import { DetailsActions } from './details-actions';
import { DetailsSummary } from './details-summary';
import { JobProgress } from './job-progress';
import { offeredActions } from './offered-actions';
import { useJobWatch } from './use-job-watch';
import { VersionsTable } from './versions-table';

const notFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * /addons/market/details/:versionId: one addon at one version (the page an application card opens in
 * a new window). Everyone may read it; its buttons are the platform's, shown only to whom holds them.
 * A job started here, or running when the page opens, is followed until it ends.
 */
export function DetailsPage() {
  const t = useT();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const can = useCan();
  const versionId = useParams().versionId ?? '';
  const valid = versionIdSchema.safeParse(versionId).success;
  // Silent: the page says what went wrong itself, and a re-ask in the background must not toast.
  const { data, error, reload } = useCall(appDetailsCall, valid ? { query: { versionId }, showType: ErrorShowType.silent } : null);
  const name = data?.name ?? '';

  const onFinished = useCallback(
    (job: AppJob) => {
      postMarketEvent({ type: 'job-finished', name: job.name });
      reload();
      if (job.installStatus !== InstallStatus.installed) return;
      void refreshRegistryAndMenus();
      getApiUi().success(t(`market.job.done.${job.kind}`, { version: job.version }));
    },
    [reload, t],
  );
  const watch = useJobWatch(name, onFinished);
  const { resume } = watch;
  const canWatch = can(appJobCall);
  const running = watch.watching || (!!data && isRunning(data.installStatus));

  useMarketSignals(reload);

  // A job another page started: followed through app/job by whom may ask it, else by asking the details again.
  useEffect(() => {
    if (data && isRunning(data.installStatus) && canWatch) resume();
  }, [data, canWatch, resume]);
  useEffect(() => {
    if (!data || canWatch || !isRunning(data.installStatus)) return;
    const timer = setTimeout(reload, POLL_MS);
    return () => clearTimeout(timer);
  }, [data, error, canWatch, reload]);
  // Whoever cannot follow the job sees its end here: the console's menus follow too.
  const previous = useRef<AppDetails | undefined>(undefined);
  useEffect(() => {
    if (!data) return;
    if (!canWatch && previous.current?.name === data.name && registryChanged([previous.current], [data])) void refreshRegistryAndMenus();
    previous.current = data;
  }, [data, canWatch]);

  const start = (begin: () => Promise<AppJob>) =>
    void begin().then(
      (job) => {
        postMarketEvent({ type: 'job-started', name: job.name });
        watch.follow(job);
      },
      () => undefined,
    );
  const changed = (change: MarketEvent['type']) => {
    postMarketEvent({ type: change, name });
    reload();
    if (change !== 'purged') void refreshRegistryAndMenus();
  };

  if (!valid || (notFound(error) && !data)) {
    return (
      <Card>
        <Result status="404" title={t('market.details.notFound')} subTitle={t('market.details.notFoundHelp')} data-testid="market-details-not-found" />
      </Card>
    );
  }
  if (error && !data) {
    return (
      <Card>
        <LoadFailed status="error" title={t('market.details.loadFailed')} error={error} onRetry={reload} />
      </Card>
    );
  }
  if (!data) {
    return (
      <Card>
        <Skeleton active avatar title paragraph={{ rows: 8 }} />
      </Card>
    );
  }

  const offered = offeredActions(data, can);
  const shownStatus = watch.job && watch.watching ? watch.job.installStatus : data.installStatus;
  // The last failure the server remembers, when this page followed no job that says it already.
  const storedError = !watch.job && data.installStatus === InstallStatus.failed ? data.error : '';
  const title = localized(data.title, locale) || data.name;

  return (
    <Card data-testid="market-details">
      <Flex vertical gap={16}>
        <Flex gap={16} align="start" wrap>
          <Avatar shape="square" size={64} icon={<AppIcon name={data.word} />} style={{ flex: 'none', background: '#e6f4ff', color: '#1890ff' }} />
          <Flex vertical gap={4} style={{ flex: 1, minWidth: 200 }}>
            <Flex gap={8} align="center" wrap>
              <Typography.Title level={2} style={{ margin: 0, fontSize: 24 }} data-testid="market-details-title">
                {title}
              </Typography.Title>
              <InstallStatusTag status={shownStatus} testId="market-details-status" />
              {data.installStatus === InstallStatus.installed && !data.enabled && <DisabledTag />}
              {data.builtIn && <BuiltInTag />}
            </Flex>
            <Typography.Text type="secondary">
              {data.author || data.builtIn
                ? t('market.details.byAuthor', { author: data.author || t('market.details.builtInAuthor'), version: data.viewedVersion })
                : data.viewedVersion}
            </Typography.Text>
          </Flex>
        </Flex>

        {data.builtIn ? (
          <Alert type="info" showIcon title={t('market.details.builtIn')} data-testid="market-details-built-in" />
        ) : (
          <DetailsActions details={data} offered={offered} busy={running} onStart={start} onChanged={changed} />
        )}
        {watch.job ? (
          <JobProgress job={watch.job} />
        ) : (
          isRunning(data.installStatus) && <Progress percent={data.progress} size="small" status="active" data-testid="market-details-progress" />
        )}
        {storedError && <Alert type="error" showIcon title={storedError} data-testid="market-details-error" />}

        <Divider style={{ margin: 0 }} />
        <DetailsSummary details={data} />

        <section>
          <Typography.Title level={3} style={{ fontSize: 16 }}>
            {t('market.details.versions')}
          </Typography.Title>
          <VersionsTable
            versions={data.versions}
            viewed={data.viewedVersion}
            busy={running}
            onView={(id) => navigate(detailsPath(id))}
            onRollback={offered.rollback ? (version) => start(() => call(appRollbackCall, { body: { name: data.name, version } })) : undefined}
          />
        </section>
      </Flex>
    </Card>
  );
}
