import { render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { dashboardWorkplaceCall } from '@uc/contracts';
import { call, setLocale, useSession } from '@uc/client';
import { servedBy, testMenuItem as item, testUser } from '@uc/testing';
import { AntdApiUi } from '@uc/ui';
import { registerHomeMessages } from '../../locales';
import { testAttention, testWorkplace } from './dashboard-test-data';
import { WorkplacePage } from './workplace-page';

jest.mock('@uc/client', () => ({ ...jest.requireActual('@uc/client'), call: jest.fn() }));
const mockCall = call as jest.MockedFunction<typeof call>;

jest.setTimeout(30_000);
beforeAll(() => registerHomeMessages());

const serve = (answer = testWorkplace()) =>
  mockCall.mockImplementation(
    servedBy((contract) => {
      if (contract === dashboardWorkplaceCall) return answer;
      throw new Error(`unexpected call ${contract.path}`);
    }),
  );

beforeEach(() => {
  setLocale('zh-CN');
  mockCall.mockReset();
  useSession.setState({
    status: 'ready',
    currentUser: testUser(),
    adminMenu: [
      item('/dashboard', [
        item('/dashboard/workplace', [], { name: '工作台' }),
        item('/dashboard/analysis', [], { name: '分析页', icon: 'AreaChartOutlined' }),
      ]),
      item('/org', [item('/org/user', [], { name: '用户管理' })]),
      item('/home', [item('/home/message', [], { name: '我的消息' }), item('/home/message/:id', [], { name: '消息详情', hidden: true })]),
    ],
  });
});

const renderPage = () =>
  render(
    <MemoryRouter>
      <App>
        <AntdApiUi />
        <WorkplacePage />
      </App>
    </MemoryRouter>,
  );

describe('WorkplacePage', () => {
  it('greets the user with their tenant and roles, and links to every page their menu opens', async () => {
    serve();
    renderPage();
    expect(await screen.findByText(/张三/)).toBeInTheDocument();
    expect(screen.getByTestId('workplace-tenant')).toHaveTextContent('星河科技');
    const roles = screen.getByTestId('workplace-roles');
    expect(within(roles).getByText('运维')).toBeInTheDocument();
    expect(within(roles).getByText('审计员（已停用）')).toBeInTheDocument();
    const shortcuts = screen.getByTestId('workplace-shortcuts');
    const links = within(shortcuts).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['分析页', '/dashboard/analysis'],
      ['用户管理', '/org/user'],
      ['我的消息', '/home/message'],
    ]);
  });

  it('shows the unread notices and letters, each opening its tab of the messages', async () => {
    serve();
    renderPage();
    const letters = await screen.findByTestId('workplace-unread-letters');
    expect(letters).toHaveTextContent('未读私信3');
    expect(letters).toHaveAttribute('href', '/home/message?tab=private');
    expect(screen.getByTestId('workplace-unread-notices')).toHaveTextContent('未读公告5');
  });

  it("lists the user's recent writes and, for an administrator, the tenant's failed sign-ins by reason", async () => {
    serve();
    renderPage();
    const activity = await screen.findByTestId('workplace-activity');
    expect(within(activity).getByText('/user/admin/member/edit')).toBeInTheDocument();
    const failed = screen.getByTestId('workplace-failed');
    expect(within(failed).getByText('mallory')).toBeInTheDocument();
    expect(within(failed).getByText('用户名或密码错误')).toBeInTheDocument();
    expect(within(failed).getByText('账号密码')).toBeInTheDocument();
  });

  it('shows no failed sign-ins to someone who is not an administrator', async () => {
    serve(testWorkplace({ administrator: false, failedSignIns: null, recentActivity: [] }));
    renderPage();
    expect(await screen.findByText('还没有管理操作')).toBeInTheDocument();
    expect(screen.queryByTestId('workplace-failed')).toBeNull();
    expect(screen.queryByTestId('workplace-attention')).toBeNull();
  });

  it("shows the platform's operators what needs their attention", async () => {
    serve(testWorkplace({ tenant: { id: 1, name: '平台', isPlatform: true, expiresAt: null }, attention: testAttention() }));
    renderPage();
    const card = await screen.findByTestId('workplace-attention');
    expect(within(card).getByRole('link', { name: '旧城物流' })).toHaveAttribute('href', '/tenant/details/31');
    expect(within(card).getByText('安装包校验失败，请重新安装')).toBeInTheDocument();
  });

  it('says when the user signed in before this session, or that this is their first sign-in', async () => {
    serve();
    const { unmount } = renderPage();
    expect(await screen.findByText(/^2026.*，IP 10\.1\.2\.3$/)).toBeInTheDocument();
    unmount();
    const first = testWorkplace();
    serve({ ...first, user: { ...first.user, lastLoginAt: null, lastLoginIp: '' } });
    renderPage();
    expect(await screen.findByText('这是您的首次登录')).toBeInTheDocument();
  });

  it('reads in English too', async () => {
    setLocale('en-US');
    serve();
    renderPage();
    expect(await screen.findByTestId('workplace-unread-letters')).toHaveTextContent('Unread letters3');
    expect(screen.getByText('Shortcuts')).toBeInTheDocument();
  });
});
