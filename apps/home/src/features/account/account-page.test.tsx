import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  profileCenterCall,
  profileLedgerCall,
  profileLoginsCall,
  profileNotificationCall,
  profileWithdrawalCall,
  type LedgerRow,
  type ProfileLoginRow,
} from '@uc/contracts';
import { formatDateTime, setLocale } from '@uc/client';
import { registerHomeMessages } from '../../locales';
import { paged, renderAt, serve, testProfile } from './account-test-data';
import { AccountPage } from './account-page';

const login = (over: Partial<ProfileLoginRow>): ProfileLoginRow => ({
  id: 1,
  method: 'account',
  result: 1,
  reason: 'ok',
  ip: '10.1.2.3',
  userAgent: 'Mozilla/5.0',
  createdAt: '2026-03-04T05:06:00.000Z',
  browser: 'Chrome 126',
  os: 'Windows 10',
  device: 'desktop',
  ...over,
});
const ledger: LedgerRow = {
  id: 1,
  userId: 42,
  kind: 1,
  before: '1300.00',
  after: '1288.50',
  change: '-11.50',
  operatorId: 1,
  operatorName: 'admin',
  remark: '提现手续费',
  createdAt: '2026-03-01T00:00:00.000Z',
};

let server: ReturnType<typeof serve>;
beforeAll(() => registerHomeMessages());
beforeEach(() => {
  setLocale('zh-CN');
  server = serve((contract) => {
    if (contract === profileCenterCall) return testProfile();
    if (contract === profileLoginsCall) return paged([login({}), login({ id: 2, result: 2, reason: 'bad_credentials', method: 'mobile', device: 'mobile' })]);
    if (contract === profileLedgerCall) return paged([ledger]);
    if (contract === profileNotificationCall) return { notices: true, letters: false, system: true };
    if (contract === profileWithdrawalCall) return { alipayName: '张三', alipayAccount: 'zhang@alipay', alipayCode: '' };
    throw new Error(`unexpected call ${contract.path}`);
  });
});
afterEach(() => jest.restoreAllMocks());

const where = () => screen.getByTestId('where').textContent;

describe('AccountPage', () => {
  it('shows the centre by default: the card of the signed-in user and their sign-ins, then the ledger', async () => {
    renderAt(<AccountPage />);
    expect(await screen.findByRole('heading', { name: '张三' })).toBeInTheDocument();
    expect(screen.getByText('zhang.san')).toBeInTheDocument();
    const card = screen.getByRole('heading', { name: '张三' }).closest('.ant-card') as HTMLElement;
    for (const text of ['42', '星河科技', '研发部', '运维', '审计员', '工程师', '值班长', '1,288', '3,200', '17', '10.1.2.3', '13800000000']) {
      expect(within(card).getAllByText(text, { exact: false }).length).toBeGreaterThan(0);
    }
    expect(within(card).getByText(formatDateTime('2026-03-04T05:06:00.000Z', 'zh-CN'))).toBeInTheDocument();
    expect(within(card).getByText(formatDateTime('2025-01-02T03:04:00.000Z', 'zh-CN'))).toBeInTheDocument();

    // Sign-ins, newest first: how, whether it worked and why not, from which browser.
    const failed = (await screen.findByText('用户名或密码错误')).closest('tr')!;
    expect(within(failed).getByText('失败')).toBeInTheDocument();
    expect(within(failed).getByText('手机验证码')).toBeInTheDocument();
    expect(within(failed).getByText('手机')).toBeInTheDocument();
    expect(screen.getAllByText('Chrome 126')).toHaveLength(2);
    expect(server.sent(profileLoginsCall)[0]?.query).toEqual({ page: 1, pageSize: 10, sort: '-createdAt' });

    fireEvent.click(screen.getByRole('tab', { name: '余额积分记录' }));
    const row = (await screen.findByText('提现手续费')).closest('tr')!;
    expect(within(row).getByText('-11.50')).toBeInTheDocument();
    expect(within(row).getByText('余额')).toBeInTheDocument();
  });

  it('follows the query string for the view and the settings tab, and writes each switch back to it', async () => {
    renderAt(<AccountPage />, '/home/account?view=settings&tab=notification');
    expect(await screen.findByRole('switch', { name: '私信' })).not.toBeChecked();
    expect(screen.getByRole('heading', { name: '消息通知' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('menuitem', { name: '提现账户' }));
    await waitFor(() => expect(where()).toBe('/home/account?view=settings&tab=withdrawal'));
    expect(await screen.findByDisplayValue('zhang@alipay')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('tab', { name: '个人中心' }));
    await waitFor(() => expect(where()).toBe('/home/account?view=center'));
    expect(await screen.findByRole('heading', { name: '张三' })).toBeInTheDocument();
  });

  it('opens the basic info for a settings address without a known tab', async () => {
    renderAt(<AccountPage />, '/home/account?view=settings&tab=nonsense');
    expect(await screen.findByLabelText('真实姓名')).toHaveValue('张三');
    expect(screen.getByRole('menuitem', { name: '基本信息' })).toHaveClass('ant-menu-item-selected');
  });
});
