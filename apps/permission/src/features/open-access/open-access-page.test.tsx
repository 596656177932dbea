import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import {
  memberListCall,
  openAccessDeleteCall,
  openAccessEditCall,
  openAccessListCall,
  openAccessRotateCall,
  openAccessStatusCall,
  type MemberRow,
  type OpenAccessRecord,
} from '@uc/contracts';
import { call, setLocale, useSession } from '@uc/client';
import { answering, testMemberRow, testUser } from '@uc/testing';
import { registerPermissionMessages } from '../../locales';
import { OpenAccessPage } from './open-access-page';

jest.mock('@uc/client', () => ({ ...jest.requireActual('@uc/client'), call: jest.fn() }));
const mockCall = call as jest.MockedFunction<typeof call>;

const key = (over: Partial<OpenAccessRecord>): OpenAccessRecord => ({
  id: 1,
  title: '报表机器人',
  key: 'ak_report',
  secretMasked: 'sk_…a1b2',
  userId: 7,
  username: 'robot',
  realName: '机器人',
  status: 1,
  remark: '',
  createdAt: '2026-01-02T03:04:00.000Z',
  updatedAt: '2026-01-02T03:04:00.000Z',
  ...over,
});

const member = (over: Partial<MemberRow>): MemberRow => testMemberRow({ id: 8, username: 'bob', realName: '鲍勃', ...over });

const paged = <T,>(list: T[]) => ({ list, page: 1, pageSize: 10, total: list.length, totalExact: true, next: null });
const callsOf = (contract: unknown) => mockCall.mock.calls.filter(([c]) => c === contract);
const sentTo = (contract: unknown) => callsOf(contract).at(-1)?.[1] as { body: Record<string, unknown>; done?: string } | undefined;
const rowOf = async (title: string) => (await screen.findByText(title, {}, { timeout: 10_000 })).closest('tr')!;

jest.setTimeout(60_000);
beforeAll(() => registerPermissionMessages());
beforeEach(() => {
  setLocale('zh-CN');
  useSession.setState({ status: 'ready', currentUser: testUser({}) });
  mockCall.mockReset();
  mockCall.mockImplementation(
    answering(async (contract) => {
      if (contract === openAccessListCall)
        return paged([key({}), key({ id: 2, title: '同步脚本', key: 'ak_sync', username: 'sync', realName: '', status: 2 })]);
      if (contract === memberListCall) return paged([member({}), member({ id: 9, username: 'carol', realName: '' })]);
      if (contract === openAccessEditCall) return { id: 3, key: 'ak_new', secret: 'sk_live_full_secret_3' };
      if (contract === openAccessRotateCall) return { id: 1, key: 'ak_report', secret: 'sk_rotated_secret_1' };
      throw new Error(`unexpected call ${contract.path}`);
    }),
  );
});

const renderPage = () =>
  render(
    <App>
      <OpenAccessPage />
    </App>,
  );

/** Opens the user select of the form and picks the option with this label. */
const pickUser = async (form: HTMLElement, label: string) => {
  fireEvent.mouseDown(within(form).getByRole('combobox'));
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === label);
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  fireEvent.click(option);
};

describe('OpenAccessPage', () => {
  it('lists the keys with masked secrets, their users and status', async () => {
    renderPage();
    const report = await rowOf('报表机器人');
    const sync = await rowOf('同步脚本');
    expect(within(report).getByText('ak_report')).toBeInTheDocument();
    expect(within(report).getByText('sk_…a1b2')).toBeInTheDocument();
    expect(within(report).getByText('robot (机器人)')).toBeInTheDocument();
    expect(within(report).getByRole('switch', { name: '状态 报表机器人' })).toBeChecked();
    expect(within(sync).getByText('sync')).toBeInTheDocument();
    expect(within(sync).getByRole('switch', { name: '状态 同步脚本' })).not.toBeChecked();
    expect(screen.getByText('共 2 条')).toBeInTheDocument();
    expect(callsOf(openAccessListCall)[0]?.[1]).toMatchObject({ query: { page: 1, pageSize: 10 } });
  });

  it('creates a key acting as the chosen user, then shows its secret once', async () => {
    renderPage();
    await rowOf('报表机器人');
    expect(callsOf(openAccessListCall)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: /新\s*增$/ }));
    const form = await screen.findByRole('dialog');
    expect(within(form).getByText('新增开放授权')).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText('标题'), { target: { value: '导出任务' } });
    await pickUser(form, 'bob (鲍勃)');
    fireEvent.click(within(form).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(sentTo(openAccessEditCall)).toEqual({
        body: { title: '导出任务', userId: 8, status: 1, remark: '', id: undefined },
        done: 'saved',
      }),
    );
    expect(await screen.findByText('请立即保存秘钥')).toBeInTheDocument();
    expect(screen.getByTestId('oa-secret')).toHaveTextContent('sk_live_full_secret_3');
    expect(screen.getByTestId('oa-key')).toHaveTextContent('ak_new');
    await waitFor(() => expect(callsOf(openAccessListCall)).toHaveLength(2));

    fireEvent.click(screen.getByRole('button', { name: /我已保存/ }));
    await waitFor(() => expect(screen.queryByTestId('oa-secret')).toBeNull());
  });

  it('asks for a title and a user before saving, in Chinese, and sends nothing', async () => {
    renderPage();
    await rowOf('报表机器人');
    fireEvent.click(screen.getByRole('button', { name: /新\s*增$/ }));
    const form = await screen.findByRole('dialog');
    fireEvent.click(within(form).getByRole('button', { name: /保\s*存/ }));
    expect(await within(form).findByText('标题不能为空')).toBeInTheDocument();
    expect(within(form).getByText('请选择密钥关联的用户')).toBeInTheDocument();
    expect(callsOf(openAccessEditCall)).toHaveLength(0);
  });

  it('updates a key by id without showing a secret (the server sends none)', async () => {
    mockCall.mockImplementation(
      answering(async (contract) => {
        if (contract === openAccessListCall) return paged([key({})]);
        if (contract === memberListCall) return paged([member({})]);
        if (contract === openAccessEditCall) return { id: 1, key: 'ak_report' };
        throw new Error(`unexpected call ${contract.path}`);
      }),
    );
    renderPage();
    fireEvent.click(within(await rowOf('报表机器人')).getByRole('button', { name: '编辑 报表机器人' }));
    const form = await screen.findByRole('dialog');
    const title = within(form).getByLabelText('标题');
    await waitFor(() => expect(title).toHaveValue('报表机器人'));
    fireEvent.change(title, { target: { value: '日报机器人' } });
    fireEvent.click(within(form).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sentTo(openAccessEditCall)).toEqual({ body: { id: 1, title: '日报机器人', userId: 7, status: 1, remark: '' }, done: 'saved' }));
    await waitFor(() => expect(callsOf(openAccessListCall)).toHaveLength(2));
    expect(screen.queryByText('请立即保存秘钥')).toBeNull();
  });

  it('rotates a secret after confirmation and shows the new one, which can be copied', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPage();
    fireEvent.click(within(await rowOf('报表机器人')).getByRole('button', { name: '重置秘钥 报表机器人' }));
    expect(await screen.findByText('确定重置“报表机器人”的秘钥吗？当前秘钥将立即失效。')).toBeInTheDocument();
    expect(callsOf(openAccessRotateCall)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(sentTo(openAccessRotateCall)).toEqual({ body: { id: 1 } }));
    expect(await screen.findByTestId('oa-secret')).toHaveTextContent('sk_rotated_secret_1');
    fireEvent.click(screen.getByRole('button', { name: /复制秘钥/ }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('sk_rotated_secret_1'));
    expect(await screen.findByText('秘钥已复制')).toBeInTheDocument();
  });

  it('hides every change from a user who may only read the keys', async () => {
    useSession.setState({ status: 'ready', currentUser: testUser({ isSuperAdmin: false, permissions: [openAccessListCall.path] }) });
    renderPage();
    const report = await rowOf('报表机器人');
    expect(screen.queryByRole('button', { name: /新\s*增$/ })).toBeNull();
    expect(within(report).queryByRole('button', { name: '编辑 报表机器人' })).toBeNull();
    expect(within(report).queryByRole('button', { name: '重置秘钥 报表机器人' })).toBeNull();
    expect(within(report).queryByRole('button', { name: '删除 报表机器人' })).toBeNull();
    expect(within(report).queryByRole('switch')).toBeNull();
    expect(within(report).getByText('启用')).toBeInTheDocument();
  });

  it('shows each action to the holder of its own call only', async () => {
    useSession.setState({
      status: 'ready',
      currentUser: testUser({ isSuperAdmin: false, permissions: [openAccessListCall.path, openAccessRotateCall.path, openAccessStatusCall.path] }),
    });
    renderPage();
    const report = await rowOf('报表机器人');
    expect(within(report).getByRole('button', { name: '重置秘钥 报表机器人' })).toBeInTheDocument();
    expect(within(report).getByRole('switch', { name: '状态 报表机器人' })).toBeInTheDocument();
    expect(within(report).queryByRole('button', { name: '编辑 报表机器人' })).toBeNull();
    expect(within(report).queryByRole('button', { name: '删除 报表机器人' })).toBeNull();
    expect(screen.queryByRole('button', { name: /新\s*增$/ })).toBeNull();

    useSession.setState({
      status: 'ready',
      currentUser: testUser({ isSuperAdmin: false, permissions: [openAccessListCall.path, openAccessEditCall.path, openAccessDeleteCall.path] }),
    });
    expect(await within(report).findByRole('button', { name: '删除 报表机器人' })).toBeInTheDocument();
    expect(within(report).getByRole('button', { name: '编辑 报表机器人' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /新\s*增$/ })).toBeInTheDocument();
    expect(within(report).queryByRole('button', { name: '重置秘钥 报表机器人' })).toBeNull();
  });
});
