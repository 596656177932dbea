import { Alert, Flex, Progress, Steps, type StepsProps } from 'antd';
import { InstallStatus, type AppJob } from '@uc/contracts';
import { useT } from '@uc/client';
import { InstallStatusTag } from '../../lib/install-status';

const progressStatus = (job: AppJob) =>
  job.installStatus === InstallStatus.failed ? 'exception' : job.installStatus === InstallStatus.installed ? 'success' : 'active';

type StepStatus = NonNullable<StepsProps['items']>[number]['status'];

/** Seconds between two instants of the job, one decimal ('' when one is missing). */
const seconds = (from: string | null, to: string | null) => (from && to ? ((Date.parse(to) - Date.parse(from)) / 1000).toFixed(1) : '');

/**
 * The job's timeline: downloading (from its start until installingAt), installing (until it finished),
 * done. The phases are recorded by the server, so a phase too short for the progress poll to catch still
 * shows here with how long it took.
 */
function JobSteps({ job }: { job: AppJob }) {
  const t = useT();
  const failed = job.installStatus === InstallStatus.failed;
  const installed = job.installStatus === InstallStatus.installed;
  const downloaded = job.installingAt !== null;
  const download: StepStatus = downloaded ? 'finish' : failed ? 'error' : 'process';
  const install: StepStatus = installed ? 'finish' : failed ? (downloaded ? 'error' : 'wait') : downloaded ? 'process' : 'wait';
  const downloadTime = seconds(job.startedAt, job.installingAt);
  const installTime = seconds(job.installingAt, job.finishedAt);
  return (
    <Steps
      size="small"
      data-testid="market-job-steps"
      items={[
        { title: t('market.job.step.download'), status: download, content: downloadTime && t('market.job.step.seconds', { s: downloadTime }) },
        { title: t('market.job.step.install'), status: install, content: installed && installTime ? t('market.job.step.seconds', { s: installTime }) : '' },
        {
          title: t('market.job.step.done'),
          status: installed ? 'finish' : 'wait',
          content: installed && job.finishedAt ? new Date(job.finishedAt).toLocaleTimeString() : '',
        },
      ]}
    />
  );
}

/** The job this page follows: its status label and progress, its timeline, and why it failed when it did. */
export function JobProgress({ job }: { job: AppJob }) {
  return (
    <Flex vertical gap={8} data-testid="market-job">
      <Flex gap={12} align="center">
        <InstallStatusTag status={job.installStatus} testId="market-job-status" />
        <Progress percent={job.progress} status={progressStatus(job)} size="small" style={{ flex: 1, margin: 0 }} data-testid="market-job-progress" />
      </Flex>
      <JobSteps job={job} />
      {job.installStatus === InstallStatus.failed && job.error && <Alert type="error" showIcon title={job.error} data-testid="market-job-error" />}
    </Flex>
  );
}
