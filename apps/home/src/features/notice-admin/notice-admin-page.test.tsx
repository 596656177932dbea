import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import {
  letterSendCall,
  memberListCall,
  noticeDeleteBatchCall,
  noticeDeleteCall,
  noticeEditCall,
  noticeListCall,
  noticePublishBatchCall,
  noticePublishCall,
  noticeViewCall,
  noticeWithdrawCall,
  tenantOptionCall,
  uploadImageCall,
  type CallContract,
  type NoticeAdminRow,
  type NoticeAdminView,
} from '@uc/contracts';
import { call, setLocale, useSession } from '@uc/client';
import { servedBy, testMemberRow, testUser } from '@uc/testing';
import { AntdApiUi } from '@uc/ui';
import { registerHomeMessages } from '../../locales';
import { NoticeAdminPage } from './notice-admin-page';

jest.mock('@uc/client', () => ({ ...jest.requireActual('@uc/client'), call: jest.fn() }));
const mockCall = call as jest.MockedFunction<typeof call>;

const notice = (over: Partial<NoticeAdminRow>): NoticeAdminRow => ({
  id: 1,
  title: 'Maintenance',
  tag: 'ops',
  rangeType: 1,
  level: 1,
  state: 0,
  targetTenantId: null,
  targetTenantName: '',
  recipientCount: 0,
  senderId: 1,
  senderName: 'Ann',
  summary: 'Tonight',
  publishedAt: null,
  createdAt: '2026-03-01T08:00:00.000Z',
  updatedAt: '2026-03-01T08:00:00.000Z',
  ...over,
});
const DRAFT = notice({});
const PUBLISHED = notice({ id: 2, title: 'Invoice ready', rangeType: 3, state: 1, recipientCount: 2, publishedAt: '2026-03-02T08:00:00.000Z' });
const view = (row: NoticeAdminRow): NoticeAdminView => ({ ...row, content: '<p>Tonight</p>', remark: '', recipients: [] });

const sent = (contract: CallContract) =>
  mockCall.mock.calls.filter(([c]) => c === contract).map(([, o]) => (o ?? {}) as { body?: unknown; query?: Record<string, unknown> });
/** A button by its text (role queries walk every style rule antd injected: seconds each in jsdom). */
const button = (text: string, root: HTMLElement = document.body) => within(root).getByText(text, { selector: 'button span' }).closest('button')!;
const findButton = async (text: string) => (await screen.findByText(text, { selector: 'button span' })).closest('button')!;
const dialog = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-drawer-title, .ant-modal-title' })).closest<HTMLElement>('[role="dialog"]')!;
const rowOf = async (title: string) => (await screen.findByText(title, {}, { timeout: 10_000 })).closest('tr')!;
/** A tenant administrator holding the list and these calls. */
const admin = (...calls: CallContract[]) =>
  useSession.setState({
    status: 'ready',
    currentUser: testUser({ isSuperAdmin: false, tenantId: 3, permissions: [noticeListCall.path, noticeViewCall.path, ...calls.map((c) => c.path)] }),
  });

jest.setTimeout(30_000);
beforeAll(() => registerHomeMessages());
beforeEach(() => {
  setLocale('zh-CN');
  admin(noticeEditCall, noticePublishCall, noticeWithdrawCall, noticeDeleteCall, letterSendCall, memberListCall, uploadImageCall);
  mockCall.mockReset();
  mockCall.mockImplementation(
    servedBy((contract, options) => {
      if (contract === noticeListCall) return { list: [DRAFT, PUBLISHED], page: 1, pageSize: 10, total: 2, totalExact: true, next: null };
      if (contract === noticeViewCall)
        return (options?.query as { id: number }).id === 2 ? { ...view(PUBLISHED), recipients: [{ id: 5, username: 'bob', realName: 'Bob Li' }] } : view(DRAFT);
      if (contract === noticeDeleteCall) return null;
      if (contract === noticePublishBatchCall || contract === noticeDeleteBatchCall) {
        // The published one cannot be published again: refused as notice/publish would.
        const results = (options?.body as { ids: number[] }).ids.map((id) =>
          contract === noticePublishBatchCall && id === PUBLISHED.id
            ? { id, done: false, status: 409, message: '公告已发布：如需重新发布，请先撤回' }
            : { id, done: true, status: 200, message: '' },
        );
        return { results, done: results.filter((r) => r.done).length, refused: results.filter((r) => !r.done).length };
      }
      if (contract === memberListCall)
        return { list: [testMemberRow({ id: 5, username: 'bob', realName: 'Bob Li' })], page: 1, pageSize: 20, total: 1, totalExact: true, next: null };
      if (contract === tenantOptionCall) return { list: [{ id: 1, name: 'Platform', code: 'platform', isPlatform: true, status: 1 }] };
      return view(DRAFT);
    }),
  );
});

const renderPage = () =>
  render(
    <App>
      <AntdApiUi />
      <NoticeAdminPage />
    </App>,
  );

describe('NoticeAdminPage', () => {
  it('creates a draft to everyone with the values typed', async () => {
    renderPage();
    await rowOf('Maintenance');
    fireEvent.click(button('新增公告'));
    const drawer = await dialog('新增公告');
    fireEvent.change(within(drawer).getByLabelText('标题'), { target: { value: ' Release 2.0 ' } });
    fireEvent.change(within(drawer).getByLabelText('标签'), { target: { value: 'release' } });
    fireEvent.click(within(drawer).getByText('重要'));
    fireEvent.change(within(drawer).getByLabelText('内容'), { target: { value: '<p>New <strong>reports</strong></p>' } });
    // A tenant's administrator writes to their own tenant: no tenant to choose.
    expect(within(drawer).queryByLabelText('租户')).toBeNull();
    fireEvent.click(button('保 存', drawer));
    await waitFor(() =>
      expect(sent(noticeEditCall)[0]).toEqual({
        body: { title: 'Release 2.0', tag: 'release', rangeType: 1, level: 2, content: '<p>New <strong>reports</strong></p>', userIds: [], remark: '' },
        done: 'saved',
      }),
    );
    expect(await screen.findByText('已保存')).toBeInTheDocument();
  });

  it('edits a published letter keeping its range and recipients, which stay locked until it is withdrawn', async () => {
    renderPage();
    fireEvent.click(within(await rowOf('Invoice ready')).getByLabelText('编辑 Invoice ready'));
    const drawer = await dialog('编辑公告');
    expect(within(drawer).getByText('已发布的公告不能更改发送范围和接收用户：如需更改，先撤回，改好后再发布')).toBeInTheDocument();
    expect(within(drawer).getByText('Bob Li (bob)')).toBeInTheDocument();
    expect(within(drawer).getByLabelText('接收用户')).toBeDisabled();
    fireEvent.change(within(drawer).getByLabelText('标题'), { target: { value: 'Invoice ready (March)' } });
    fireEvent.click(button('保 存', drawer));
    await waitFor(() =>
      expect(sent(noticeEditCall)[0]?.body).toEqual({
        id: 2,
        title: 'Invoice ready (March)',
        tag: 'ops',
        rangeType: 3,
        level: 1,
        content: '<p>Tonight</p>',
        userIds: [5],
        remark: '',
      }),
    );
  });

  it('shows publish and withdraw only to whom may make those calls, and publishes after confirming', async () => {
    admin(noticeEditCall);
    const { unmount } = renderPage();
    let draft = await rowOf('Maintenance');
    expect(within(draft).getByLabelText('编辑 Maintenance')).toBeInTheDocument();
    expect(within(draft).queryByLabelText('发布 Maintenance')).toBeNull();
    expect(within(draft).queryByLabelText('删除 Maintenance')).toBeNull();
    expect(screen.queryByText('发送私信')).toBeNull();
    unmount();

    admin(noticePublishCall, noticeWithdrawCall);
    renderPage();
    draft = await rowOf('Maintenance');
    const published = await rowOf('Invoice ready');
    expect(within(draft).queryByLabelText('编辑 Maintenance')).toBeNull();
    expect(within(published).queryByLabelText('发布 Invoice ready')).toBeNull();
    expect(within(published).getByLabelText('撤回 Invoice ready')).toBeInTheDocument();
    fireEvent.click(within(draft).getByLabelText('发布 Maintenance'));
    fireEvent.click(await findButton('确 定'));
    await waitFor(() => expect(sent(noticePublishCall)).toEqual([{ body: { id: 1 }, done: 'done' }]));
    await waitFor(() => expect(sent(noticeListCall)).toHaveLength(3));
  });

  it('publishes the selected notices in one call and lists the refused one with why', async () => {
    renderPage();
    for (const title of ['Maintenance', 'Invoice ready']) fireEvent.click(within(await rowOf(title)).getByRole('checkbox'));
    const bar = screen.getByRole('region', { name: '批量操作' });
    expect(within(bar).getByText('已选择 2 项')).toBeInTheDocument();
    fireEvent.click(within(bar).getByRole('button', { name: /发\s*布/ }));
    const confirm = (await screen.findByText('确定对选中的 2 项执行“发布”？', { selector: '.ant-modal-confirm-title' })).closest<HTMLElement>('.ant-modal')!;
    fireEvent.click(within(confirm).getByRole('button', { name: /发\s*布/ }));
    const result = (await screen.findByText('发布的结果', { selector: '.ant-modal-title' })).closest<HTMLElement>('.ant-modal')!;
    expect(within(result).getByText('Invoice ready')).toBeInTheDocument();
    expect(within(result).getByText('公告已发布：如需重新发布，请先撤回')).toBeInTheDocument();
    expect(sent(noticePublishBatchCall).map((o) => o.body)).toEqual([{ ids: [1, 2] }]);
  });

  it('offers the batch actions each to whom may make its call, and no selection to whom may make none', async () => {
    admin(noticeDeleteCall);
    const { unmount } = renderPage();
    fireEvent.click(within(await rowOf('Maintenance')).getByRole('checkbox'));
    const bar = screen.getByRole('region', { name: '批量操作' });
    expect(within(bar).queryByRole('button', { name: /发\s*布/ })).toBeNull();
    expect(within(bar).getByRole('button', { name: /删\s*除/ })).toBeInTheDocument();
    unmount();
    admin(noticeEditCall);
    renderPage();
    await rowOf('Maintenance');
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });
});
