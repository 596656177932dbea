import { render, screen, within } from '@testing-library/react';
import { type AppJob } from '@uc/contracts';
import { setLocale } from '@uc/client';
import { registerMarketMessages } from '../../locales';
import { JobProgress } from './job-progress';

registerMarketMessages();
setLocale('zh-CN');

const job = (over: Partial<AppJob>): AppJob => ({
  name: 'acme-report',
  kind: 'install',
  version: '1.2.0',
  installStatus: 1,
  progress: 30,
  error: '',
  startedAt: '2026-03-01T08:00:00.000Z',
  installingAt: null,
  finishedAt: null,
  ...over,
});

const stepClasses = () => [...screen.getByTestId('market-job-steps').querySelectorAll('.ant-steps-item')].map((el) => el.className);

describe('JobProgress', () => {
  it('shows the download running while nothing was installed yet', () => {
    render(<JobProgress job={job({})} />);
    expect(screen.getByTestId('market-job-status')).toHaveTextContent('下载中');
    const [download, install, done] = stepClasses();
    expect(download).toMatch(/process/);
    expect(install).toMatch(/wait/);
    expect(done).toMatch(/wait/);
  });

  it('shows each phase of a finished job with how long it took, a short installing phase too', () => {
    render(<JobProgress job={job({ installStatus: 3, progress: 100, installingAt: '2026-03-01T08:00:03.000Z', finishedAt: '2026-03-01T08:00:03.200Z' })} />);
    const steps = screen.getByTestId('market-job-steps');
    expect(stepClasses().every((c) => /finish/.test(c))).toBe(true);
    expect(within(steps).getByText('3.0 秒')).toBeInTheDocument();
    expect(within(steps).getByText('0.2 秒')).toBeInTheDocument();
  });

  it('marks the phase that failed', () => {
    render(
      <JobProgress
        job={job({
          installStatus: -1,
          progress: 0,
          error: 'Checksum mismatch',
          installingAt: '2026-03-01T08:00:03.000Z',
          finishedAt: '2026-03-01T08:00:04.000Z',
        })}
      />,
    );
    const [download, install, done] = stepClasses();
    expect(download).toMatch(/finish/);
    expect(install).toMatch(/error/);
    expect(done).toMatch(/wait/);
    expect(screen.getByTestId('market-job-error')).toHaveTextContent('Checksum mismatch');
  });
});
