import { useCallback, useEffect, useRef, useState } from 'react';
import { appJobCall, InstallStatus, type AppJob } from '@uc/contracts';
import { ApiError, call, ErrorShowType } from '@uc/client';
import { isRunning } from '../../lib/install-status';
import { POLL_MS } from '../../lib/use-app-list';

export interface JobWatch {
  /** The job as last reported; null before one was started or seen. */
  job: AppJob | null;
  /** Polling app/job now. */
  watching: boolean;
  /** Follows a job this page started (the answer of install, update or roll back). */
  follow: (job: AppJob) => void;
  /** Follows the job another page started (the details said one is running). */
  resume: () => void;
}

const finished = (job: AppJob) => job.installStatus === InstallStatus.installed || job.installStatus === InstallStatus.failed;

/**
 * Polls app/job?name= every second while a job of the addon runs, and calls `onFinished` once per job
 * when it ends (installed or failed). A refusal that will not change by asking again (403, 404) stops
 * the polling; anything else (a network blip) is asked again at the next tick.
 */
export function useJobWatch(name: string, onFinished: (job: AppJob) => void): JobWatch {
  const [job, setJob] = useState<AppJob | null>(null);
  const [watching, setWatching] = useState(false);
  const [tick, setTick] = useState(0);
  const watchingNow = useRef(false);
  const latest = useRef(onFinished);
  latest.current = onFinished;
  // The start time of the last job reported finished: a job seen again after it ended is not reported twice.
  const reported = useRef<string | null>(null);

  const settle = useCallback((next: AppJob | null) => {
    setJob(next);
    if (next && isRunning(next.installStatus)) return setTick((n) => n + 1);
    watchingNow.current = false;
    setWatching(false);
    if (next && finished(next) && reported.current !== next.startedAt) {
      reported.current = next.startedAt;
      latest.current(next);
    }
  }, []);

  useEffect(() => {
    if (!watching) return;
    let live = true;
    const timer = setTimeout(() => {
      call(appJobCall, { query: { name }, showType: ErrorShowType.silent }).then(
        (next) => live && settle(next),
        (error: unknown) => {
          if (!live) return;
          if (error instanceof ApiError && (error.status === 403 || error.status === 404)) {
            watchingNow.current = false;
            setWatching(false);
          } else setTick((n) => n + 1);
        },
      );
    }, POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [watching, tick, name, settle]);

  const watch = useCallback(() => {
    if (watchingNow.current) return;
    watchingNow.current = true;
    setWatching(true);
  }, []);

  const follow = useCallback(
    (started: AppJob) => {
      // A roll back answers finished at once; an install or update answers at its start.
      if (isRunning(started.installStatus)) {
        setJob(started);
        watch();
      } else settle(started);
    },
    [settle, watch],
  );

  return { job, watching, follow, resume: watch };
}
