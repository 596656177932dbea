import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { deptOptionCall, memberEditCall, memberViewCall, postOptionCall, roleOptionCall } from '@uc/contracts';
import { call, setLocale, useSession } from '@uc/client';
import { answering, testMemberDetail, testUser } from '@uc/testing';
import { registerUserMessages } from './user-messages';
import { UserFormModal } from './user-form-modal';

// The API client's `call` (which useCall and useScopedCall use too) is the mock.
jest.mock('@uc/client/api-client', () => ({ ...jest.requireActual('@uc/client/api-client'), call: jest.fn() }));
const mockCall = call as jest.MockedFunction<typeof call>;

const detail = testMemberDetail({
  id: 5,
  username: 'ann',
  realName: '安',
  tenantName: 'P',
  mobile: '13800000000',
  sex: 2,
  birthday: '1990-01-31',
});

const sent = () => mockCall.mock.calls.find(([c]) => c === memberEditCall)?.[1] as { body: Record<string, unknown> } | undefined;
const save = () => fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));

jest.setTimeout(60_000);
beforeAll(() => registerUserMessages());
beforeEach(() => {
  setLocale('zh-CN');
  useSession.setState({ status: 'ready', currentUser: testUser({ id: 1 }) });
  mockCall.mockReset();
  mockCall.mockImplementation(
    answering(async (contract) => {
      if (contract === memberViewCall || contract === memberEditCall) return detail;
      if (contract === deptOptionCall || contract === roleOptionCall || contract === postOptionCall) return { list: [] };
      throw new Error(`unexpected call ${contract.path}`);
    }),
  );
});

describe('UserFormModal', () => {
  it('shows the birthday in a date picker and saves the picked date as YYYY-MM-DD', async () => {
    const onSaved = jest.fn();
    render(<UserFormModal userId={5} onClose={() => undefined} onSaved={onSaved} />);
    const birthday = (await screen.findByDisplayValue('1990-01-31', {}, { timeout: 10_000 })) as HTMLInputElement;
    expect(birthday.type).toBe('text');
    fireEvent.mouseDown(birthday);
    fireEvent.change(birthday, { target: { value: '1991-02-03' } });
    fireEvent.keyDown(birthday, { key: 'Enter', code: 'Enter', keyCode: 13 });
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent()?.body).toMatchObject({ id: 5, username: 'ann', birthday: '1991-02-03', sex: 2 });
  });

  it('refuses an invalid phone and e-mail in Chinese and sends nothing', async () => {
    render(<UserFormModal userId={0} onClose={() => undefined} onSaved={() => undefined} />);
    fireEvent.change(await screen.findByLabelText('用户名', {}, { timeout: 10_000 }), { target: { value: 'bob' } });
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('邮箱'), { target: { value: 'not-mail' } });
    save();
    expect(await screen.findByText('手机号格式错误！')).toBeInTheDocument();
    expect(screen.getByText('邮箱格式不正确')).toBeInTheDocument();
    expect(sent()).toBeUndefined();
  });

  it('creates a user without a birthday as null', async () => {
    const onSaved = jest.fn();
    render(<UserFormModal userId={0} onClose={() => undefined} onSaved={onSaved} />);
    fireEvent.change(await screen.findByLabelText('用户名', {}, { timeout: 10_000 }), { target: { value: 'bob' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'a-long-password' } });
    fireEvent.change(screen.getByLabelText('真实姓名'), { target: { value: '鲍勃' } });
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '13900000000' } });
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent()?.body).toMatchObject({ username: 'bob', password: 'a-long-password', birthday: null, status: 1 });
    expect(sent()?.body.id).toBeUndefined();
  });

  it('offers only departments within the editor’s data scope', async () => {
    mockCall.mockImplementation(
      answering(async (contract) => {
        if (contract === deptOptionCall)
          return {
            list: [
              { id: 1, name: '总部', disabled: false, inScope: false, children: [{ id: 2, name: '研发部', disabled: false, inScope: true }] },
              { id: 3, name: '销售部', disabled: false, inScope: false },
            ],
          };
        if (contract === roleOptionCall || contract === postOptionCall) return { list: [] };
        throw new Error(`unexpected call ${contract.path}`);
      }),
    );
    render(<UserFormModal userId={0} onClose={() => undefined} onSaved={() => undefined} />);
    fireEvent.mouseDown(await screen.findByLabelText('部门', {}, { timeout: 10_000 }));
    const option = async (name: string) => (await screen.findByTitle(name)).closest('.ant-select-tree-treenode');
    expect(await option('研发部')).not.toHaveClass('ant-select-tree-treenode-disabled');
    expect(await option('销售部')).toHaveClass('ant-select-tree-treenode-disabled');
    expect(await option('总部')).toHaveClass('ant-select-tree-treenode-disabled');
  });

  it('shows one’s own department, roles and status without letting one change them', async () => {
    useSession.setState({ currentUser: testUser({ id: detail.id, tenantId: 1 }) });
    render(<UserFormModal userId={detail.id} onClose={() => undefined} onSaved={() => undefined} />);
    await screen.findByDisplayValue('ann', {}, { timeout: 10_000 });
    expect(screen.getAllByText('不能修改自己的部门、角色和状态，请由其他管理员操作')).toHaveLength(3);
    expect(screen.getByLabelText('部门')).toBeDisabled();
    expect(screen.getByLabelText('角色')).toBeDisabled();
    for (const radio of screen.getAllByRole('radio', { name: /启用|停用/ })) expect(radio).toBeDisabled();
    // Someone else's are editable.
    act(() => useSession.setState({ currentUser: testUser({ id: 99, tenantId: 1 }) }));
    await waitFor(() => expect(screen.queryByText('不能修改自己的部门、角色和状态，请由其他管理员操作')).not.toBeInTheDocument());
    expect(screen.getByLabelText('角色')).not.toBeDisabled();
  });

  // Issue 26, point 8: the super administrator's 超级管理员 is offered to nobody; a role the editor cannot grant is shown, not sent.
  it('shows by name a role the user holds that the editor cannot grant, and leaves it out of what is sent', async () => {
    const holder = testMemberDetail({
      ...detail,
      roles: [
        { id: 1, name: '超级管理员' },
        { id: 7, name: '运维' },
      ],
    });
    const onSaved = jest.fn();
    mockCall.mockImplementation(
      answering(async (contract) => {
        if (contract === memberViewCall || contract === memberEditCall) return holder;
        if (contract === roleOptionCall) return { list: [{ id: 7, name: '运维', key: 'ops', children: [] }] };
        if (contract === deptOptionCall || contract === postOptionCall) return { list: [] };
        throw new Error(`unexpected call ${contract.path}`);
      }),
    );
    render(<UserFormModal userId={5} onClose={() => undefined} onSaved={onSaved} />);
    await screen.findByDisplayValue('ann', {}, { timeout: 10_000 });
    expect(await screen.findByText('超级管理员')).toBeInTheDocument();
    expect(screen.queryByText('1')).toBeNull();
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent()?.body.roleIds).toEqual([7]);
  });

  // Issue 26, point 7: an image is an upload of this server; the form says so under the field, by the contract's rule.
  it('refuses an avatar and a payment code from another site under the field, in Chinese, and sends nothing', async () => {
    const tracked = testMemberDetail({ ...detail, avatar: 'https://tracker.example/p.gif', alipayCode: 'javascript:alert(1)' });
    mockCall.mockImplementation(
      answering(async (contract) => {
        if (contract === memberViewCall) return tracked;
        if (contract === deptOptionCall || contract === roleOptionCall || contract === postOptionCall) return { list: [] };
        throw new Error(`unexpected call ${contract.path}`);
      }),
    );
    render(<UserFormModal userId={5} onClose={() => undefined} onSaved={() => undefined} />);
    await screen.findByDisplayValue('ann', {}, { timeout: 10_000 });
    save();
    const rule = '这里只能保存在本系统上传的图片（上传返回的地址，如 /admin/admin/upload/file/….png），请上传图片，或留空';
    await waitFor(() => expect(screen.getAllByText(rule)).toHaveLength(2));
    expect(sent()).toBeUndefined();
  });
});
