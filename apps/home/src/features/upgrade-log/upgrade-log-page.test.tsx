import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { upgradeLogDeleteCall, upgradeLogEditCall, upgradeLogListCall, type CallContract, type UpgradeLogRow } from '@uc/contracts';
import { call, setLocale, useSession } from '@uc/client';
import { servedBy, testUser } from '@uc/testing';
import { AntdApiUi } from '@uc/ui';
import { registerHomeMessages } from '../../locales';
import { toLocalInput, upgradeLogBody } from './upgrade-log-form-drawer';
import { UpgradeLogPage } from './upgrade-log-page';

jest.mock('@uc/client', () => ({ ...jest.requireActual('@uc/client'), call: jest.fn() }));
const mockCall = call as jest.MockedFunction<typeof call>;

const entry = (over: Partial<UpgradeLogRow>): UpgradeLogRow => ({
  id: 1,
  plugin: 'user-centre',
  version: '0.1.0+0030_upgrade_log',
  title: 'Database schema 0030',
  content: '',
  contentHtml: '',
  upgradedAt: '2026-03-01T08:00:00.000Z',
  automatic: true,
  createdAt: '2026-03-01T08:00:00.000Z',
  updatedAt: '2026-03-01T08:00:00.000Z',
  ...over,
});
const MANUAL = entry({
  id: 2,
  plugin: 'market',
  version: '1.2.0',
  title: 'Market 1.2',
  content: '## New\n- **Faster** search',
  contentHtml: '<h2>New</h2><ul><li><strong>Faster</strong> search</li></ul>',
  automatic: false,
  upgradedAt: '2026-03-05T08:00:00.000Z',
});

const sent = (contract: CallContract) =>
  mockCall.mock.calls.filter(([c]) => c === contract).map(([, o]) => (o ?? {}) as { body?: unknown; query?: Record<string, unknown> });
// Role queries walk every style rule antd injected (seconds each in jsdom): elements are found by text and labels.
const rowOf = async (text: string) => (await screen.findByText(text, {}, { timeout: 10_000 })).closest('tr')!;
const dialog = async (title: string) => (await screen.findByText(title, { selector: '.ant-drawer-title' })).closest<HTMLElement>('[role="dialog"]')!;

jest.setTimeout(30_000);
beforeAll(() => registerHomeMessages());
beforeEach(() => {
  setLocale('zh-CN');
  useSession.setState({ status: 'ready', currentUser: testUser() });
  mockCall.mockReset();
  mockCall.mockImplementation(
    servedBy((contract, options) => {
      if (contract === upgradeLogListCall) return { list: [MANUAL, entry({})], page: 1, pageSize: 10, total: 2, totalExact: true, next: null };
      if (contract === upgradeLogEditCall) return { ...MANUAL, ...(options?.body as object), contentHtml: '<p>saved <em>notes</em></p>' };
      if (contract === upgradeLogDeleteCall) return null;
      throw new Error(`unexpected call ${contract.path}`);
    }),
  );
});

const renderPage = () =>
  render(
    <App>
      <AntdApiUi />
      <UpgradeLogPage />
    </App>,
  );

describe('UpgradeLogPage', () => {
  it('lists newest first, marks the server-written entries, filters by plugin and version', async () => {
    renderPage();
    const automatic = await rowOf('Database schema 0030');
    expect(within(automatic).getByText('自动')).toBeInTheDocument();
    expect(within(await rowOf('Market 1.2')).queryByText('自动')).toBeNull();
    expect(sent(upgradeLogListCall)[0]?.query).toEqual({ page: 1, pageSize: 10, sort: '-upgradedAt' });

    fireEvent.change(screen.getByLabelText('按插件筛选'), { target: { value: 'market' } });
    fireEvent.keyDown(screen.getByLabelText('按插件筛选'), { key: 'Enter', keyCode: 13 });
    await waitFor(() => expect(JSON.parse(String(sent(upgradeLogListCall).at(-1)?.query?.filter))).toEqual([['plugin', 'like', 'market']]));
    fireEvent.change(screen.getByLabelText('按版本筛选'), { target: { value: '1.2' } });
    fireEvent.keyDown(screen.getByLabelText('按版本筛选'), { key: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(JSON.parse(String(sent(upgradeLogListCall).at(-1)?.query?.filter))).toEqual([
        ['plugin', 'like', 'market'],
        ['version', 'like_right', '1.2'],
      ]),
    );
  });

  it("opens an entry's notes as the server rendered them", async () => {
    renderPage();
    fireEvent.click(within(await rowOf('Market 1.2')).getByText('Market 1.2'));
    const drawer = await dialog('Market 1.2');
    const content = within(drawer).getByTestId('upgrade-content');
    expect(content.querySelector('h2')).toHaveTextContent('New');
    expect(content.querySelector('li strong')).toHaveTextContent('Faster');
    // The markdown source is not what readers see.
    expect(within(drawer).queryByText(/\*\*Faster\*\*/)).toBeNull();
  });

  it('offers no add, edit or delete to whom may not make those calls', async () => {
    useSession.setState({ status: 'ready', currentUser: testUser({ isSuperAdmin: false, tenantId: 3, permissions: [] }) });
    renderPage();
    const row = await rowOf('Market 1.2');
    expect(within(row).queryByLabelText('编辑 market 1.2.0')).toBeNull();
    expect(within(row).queryByLabelText('删除 market 1.2.0')).toBeNull();
    expect(screen.queryByText('新增日志')).toBeNull();
    expect(screen.queryByText('操作')).toBeNull();
  });

  it('edits an entry, keeping its time unless changed, then shows how the saved markdown reads', async () => {
    renderPage();
    fireEvent.click(within(await rowOf('Market 1.2')).getByLabelText('编辑 market 1.2.0'));
    const drawer = await dialog('编辑升级日志');
    await waitFor(() => expect(within(drawer).getByLabelText('升级时间')).toHaveValue(toLocalInput(MANUAL.upgradedAt)));
    fireEvent.change(within(drawer).getByLabelText('内容'), { target: { value: 'saved *notes*' } });
    fireEvent.click(within(drawer).getByText('保 存', { selector: 'button span' }));
    await waitFor(() =>
      expect(sent(upgradeLogEditCall)[0]).toEqual({
        body: { id: 2, plugin: 'market', version: '1.2.0', title: 'Market 1.2', content: 'saved *notes*' },
        done: 'saved',
      }),
    );
    const preview = await screen.findByTestId('upgrade-content');
    expect(preview.querySelector('em')).toHaveTextContent('notes');
  });
});

describe('upgradeLogBody', () => {
  it('sends a changed time as ISO 8601, and none for a new entry left empty', () => {
    const values = { plugin: ' market ', version: '1.3.0', title: 'Market 1.3', content: '', upgradedAt: '' };
    expect(upgradeLogBody(values)).toEqual({ plugin: 'market', version: '1.3.0', title: 'Market 1.3', content: '' });
    const at = upgradeLogBody({ ...values, upgradedAt: '2026-05-01T08:00:30' }, MANUAL).upgradedAt;
    expect(at).toBe(new Date(2026, 4, 1, 8, 0, 30).toISOString());
    // The stored time as the input shows it, milliseconds dropped: unchanged, so not sent.
    const stored = { ...MANUAL, upgradedAt: '2026-03-05T08:00:00.250Z' };
    expect(upgradeLogBody({ ...values, upgradedAt: toLocalInput(stored.upgradedAt) }, stored).upgradedAt).toBeUndefined();
  });
});
