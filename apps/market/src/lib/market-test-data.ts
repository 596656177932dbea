// Fixtures of the market's tests, parsed through the contracts so they cannot drift from what the server sends.
import { appCardSchema, appDetailsSchema, appJobSchema, type AppCard, type AppDetails, type AppJob } from '@uc/contracts';

export const testCard = (over: Partial<AppCard> = {}): AppCard => {
  const name = over.name ?? 'acme-report';
  const version = over.version ?? '1.2.0';
  return appCardSchema.parse({
    versionId: `${name}@${version}`,
    title: { 'zh-CN': '报表', 'en-US': 'Reports' },
    name,
    word: 'BarChartOutlined',
    system: 'web',
    arch: 'any',
    version,
    localVersion: '',
    installStatus: 0,
    updateStatus: 0,
    progress: 0,
    error: '',
    enabled: false,
    description: { 'zh-CN': '按月汇总的报表', 'en-US': 'Monthly reports' },
    ...over,
  });
};

/** An installed card: `over` may name the installed version (localVersion) and the newest (version). */
export const installedCard = (over: Partial<AppCard> = {}): AppCard =>
  testCard({ installStatus: 3, progress: 100, enabled: true, localVersion: over.version ?? '1.2.0', ...over });

export const testDetails = (over: Partial<AppDetails> = {}): AppDetails =>
  appDetailsSchema.parse({
    ...testCard(),
    screenshots: [],
    author: 'Acme Ltd',
    homepage: 'https://acme.example/report',
    routes: ['/acme'],
    pages: [{ path: '/acme/report', title: { 'zh-CN': '月报', 'en-US': 'Monthly' } }],
    shared: { react: '^19.1.0', antd: '^6.0.0' },
    versions: [
      { versionId: 'acme-report@1.2.0', version: '1.2.0', changelog: '## 1.2.0\n- Faster', available: true, kept: false, current: false, size: 48211 },
      { versionId: 'acme-report@1.1.0', version: '1.1.0', changelog: '', available: true, kept: false, current: false, size: 0 },
    ],
    viewedVersion: '1.2.0',
    ...over,
  });

export const testJob = (over: Partial<AppJob> = {}): AppJob =>
  appJobSchema.parse({
    name: 'acme-report',
    kind: 'install',
    version: '1.2.0',
    installStatus: 1,
    progress: 0,
    error: '',
    startedAt: '2026-03-01T08:00:00.000Z',
    installingAt: over.installStatus !== undefined && over.installStatus !== 1 ? '2026-03-01T08:00:02.000Z' : null,
    finishedAt: null,
    ...over,
  });

/**
 * jsdom has no BroadcastChannel: one that delivers within the test's window, as the browser does
 * between two pages of one origin (never to the posting object itself). Returns the uninstaller.
 */
export function installFakeBroadcastChannel(): () => void {
  const open = new Set<FakeChannel>();
  class FakeChannel {
    onmessage: ((event: MessageEvent) => void) | null = null;
    constructor(readonly name: string) {
      open.add(this);
    }
    postMessage(data: unknown) {
      for (const other of open) if (other !== this && other.name === this.name) other.onmessage?.({ data } as MessageEvent);
    }
    close() {
      open.delete(this);
    }
  }
  const g = globalThis as { BroadcastChannel?: unknown };
  const before = g.BroadcastChannel;
  g.BroadcastChannel = FakeChannel;
  return () => {
    g.BroadcastChannel = before;
  };
}
