import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { postDeleteBatchCall, postDeleteCall, postEditCall, postListCall, postStatusCall, type PostRow } from '@uc/contracts';
import { call, setLocale, useSession } from '@uc/client';
import { AntdApiUi } from '@uc/ui';
import { registerPostMessages } from './post-messages';
import { Refusal, servedBy, testUser } from '@uc/testing';
import { PostPage } from './post-page';

// The API client's `call` (which useCall and useScopedCall use too) is the mock.
jest.mock('@uc/client/api-client', () => ({ ...jest.requireActual('@uc/client/api-client'), call: jest.fn() }));
const mockCall = call as jest.MockedFunction<typeof call>;

const row = (over: Partial<PostRow>): PostRow => ({
  id: 1,
  name: 'CEO',
  code: 'ceo',
  sort: 0,
  status: 1,
  remark: '',
  createdAt: '2026-01-02T03:04:00.000Z',
  updatedAt: '2026-01-02T03:04:00.000Z',
  ...over,
});
const rows = [row({}), row({ id: 2, name: 'Engineer', code: 'dev', sort: 1, remark: 'builds things' })];

/** A code the fake server already holds for another post. */
const TAKEN = 'ceo';
const DUPLICATE = 'code: 岗位编码“ceo”已被其他岗位使用，请换一个';

const callsOf = (contract: unknown) => mockCall.mock.calls.filter(([c]) => c === contract);
const sentBody = (contract: unknown) => callsOf(contract).at(-1)?.[1]?.body as Record<string, unknown> | undefined;
const dialog = () => screen.getByRole('dialog');
const save = () => fireEvent.click(within(dialog()).getByRole('button', { name: /保\s*存/ }));

function renderPage() {
  render(
    <App>
      <AntdApiUi />
      <PostPage />
    </App>,
  );
}

jest.setTimeout(60_000);
beforeAll(() => registerPostMessages());
beforeEach(() => {
  setLocale('zh-CN');
  useSession.setState({ status: 'ready', currentUser: testUser() });
  mockCall.mockReset();
  mockCall.mockImplementation(
    servedBy((contract, options) => {
      const body = options?.body as Record<string, unknown> | undefined;
      if (contract === postListCall) return { list: rows, page: 1, pageSize: 10, total: 2, totalExact: true, next: null };
      if (contract === postEditCall) {
        if (body?.code === TAKEN && body.id !== 1) throw new Refusal(DUPLICATE);
        return row({ ...body, id: (body?.id as number | undefined) ?? 3 });
      }
      if (contract === postDeleteCall) return null;
      if (contract === postDeleteBatchCall) {
        // The CEO post is held: refused, as the server's post/delete would.
        const results = (body!.ids as number[]).map((id) =>
          id === 1
            ? { id, done: false, status: 409, message: '岗位“CEO”有 1 名用户在任（含回收站），请先为他们更换岗位' }
            : { id, done: true, status: 200, message: '' },
        );
        return { results, done: results.filter((r) => r.done).length, refused: results.filter((r) => !r.done).length };
      }
      throw new Error(`unexpected call ${contract.path}`);
    }),
  );
});

describe('PostPage', () => {
  it('shows the posts of the list call, sorted by the sort column', async () => {
    renderPage();
    expect(await screen.findByText('Engineer', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('CEO')).toBeInTheDocument();
    expect(screen.getByText('dev')).toBeInTheDocument();
    expect(screen.getByText('builds things')).toBeInTheDocument();
    expect(callsOf(postListCall)[0]?.[1]?.query).toMatchObject({ page: 1, pageSize: 10, sort: 'sort' });
  });

  it('creates a post: sends the edit call without an id, says saved, closes and reloads the list', async () => {
    renderPage();
    await screen.findByText('Engineer', {}, { timeout: 10_000 });
    const listed = callsOf(postListCall).length;
    fireEvent.click(screen.getByRole('button', { name: /新增岗位/ }));
    expect(within(dialog()).getByText('新增岗位')).toBeInTheDocument();
    fireEvent.change(within(dialog()).getByLabelText('岗位名称'), { target: { value: 'Tester' } });
    fireEvent.change(within(dialog()).getByLabelText('岗位编码'), { target: { value: 'qa' } });
    fireEvent.change(within(dialog()).getByLabelText('备注'), { target: { value: 'checks things' } });
    save();
    expect(await screen.findByText('已保存')).toBeInTheDocument();
    expect(sentBody(postEditCall)).toEqual({ name: 'Tester', code: 'qa', sort: 0, status: 1, remark: 'checks things' });
    await waitFor(() => expect(callsOf(postListCall).length).toBe(listed + 1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('edits a post: the form is filled from the row and the id is sent', async () => {
    renderPage();
    await screen.findByText('Engineer', {}, { timeout: 10_000 });
    fireEvent.click(screen.getAllByRole('button', { name: /编\s*辑/ })[1]!);
    expect(within(dialog()).getByText('编辑岗位')).toBeInTheDocument();
    const name = within(dialog()).getByLabelText('岗位名称') as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Engineer'));
    expect((within(dialog()).getByLabelText('岗位编码') as HTMLInputElement).value).toBe('dev');
    fireEvent.change(name, { target: { value: 'Senior engineer' } });
    save();
    expect(await screen.findByText('已保存')).toBeInTheDocument();
    expect(sentBody(postEditCall)).toEqual({ id: 2, name: 'Senior engineer', code: 'dev', sort: 1, status: 1, remark: 'builds things' });
  });

  it('refuses an empty name and code with the contract message in Chinese and sends nothing', async () => {
    renderPage();
    await screen.findByText('Engineer', {}, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: /新增岗位/ }));
    fireEvent.change(within(dialog()).getByLabelText('岗位名称'), { target: { value: '   ' } });
    save();
    // One message under each field: whitespace only counts as empty.
    await waitFor(() => expect(within(dialog()).getAllByText('岗位名称和编码不能为空')).toHaveLength(2));
    expect(callsOf(postEditCall)).toHaveLength(0);
  });

  it('keeps the modal open with what was typed when the server refuses a duplicate code, and shows why', async () => {
    renderPage();
    await screen.findByText('Engineer', {}, { timeout: 10_000 });
    const listed = callsOf(postListCall).length;
    fireEvent.click(screen.getByRole('button', { name: /新增岗位/ }));
    fireEvent.change(within(dialog()).getByLabelText('岗位名称'), { target: { value: 'Chief' } });
    fireEvent.change(within(dialog()).getByLabelText('岗位编码'), { target: { value: TAKEN } });
    save();
    expect(await screen.findByText(DUPLICATE)).toBeInTheDocument();
    expect(sentBody(postEditCall)).toMatchObject({ name: 'Chief', code: TAKEN });
    expect(within(dialog()).getByText('新增岗位')).toBeInTheDocument();
    expect((within(dialog()).getByLabelText('岗位名称') as HTMLInputElement).value).toBe('Chief');
    expect((within(dialog()).getByLabelText('岗位编码') as HTMLInputElement).value).toBe(TAKEN);
    expect(screen.queryByText('已保存')).not.toBeInTheDocument();
    expect(callsOf(postListCall)).toHaveLength(listed);
  });

  it('asks before deleting, then calls the delete call with the id, says deleted and reloads', async () => {
    renderPage();
    await screen.findByText('Engineer', {}, { timeout: 10_000 });
    const listed = callsOf(postListCall).length;
    fireEvent.click(screen.getAllByRole('button', { name: /删\s*除/ })[1]!);
    const question = await screen.findByText('确定删除岗位“Engineer”吗？');
    expect(callsOf(postDeleteCall)).toHaveLength(0);
    const popup = question.closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(popup).getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText('已删除')).toBeInTheDocument();
    expect(callsOf(postDeleteCall)).toHaveLength(1);
    expect(sentBody(postDeleteCall)).toEqual({ id: 2 });
    await waitFor(() => expect(callsOf(postListCall).length).toBe(listed + 1));
  });

  it('deletes nothing when the question is cancelled', async () => {
    renderPage();
    await screen.findByText('Engineer', {}, { timeout: 10_000 });
    fireEvent.click(screen.getAllByRole('button', { name: /删\s*除/ })[0]!);
    const popup = (await screen.findByText('确定删除岗位“CEO”吗？')).closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(popup).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByText('确定删除岗位“CEO”吗？')).not.toBeVisible());
    expect(callsOf(postDeleteCall)).toHaveLength(0);
  });

  it('hides create, edit and delete and locks the status switch for a user holding only the list permission', async () => {
    useSession.setState({ currentUser: testUser({ isSuperAdmin: false, permissions: [postListCall.path] }) });
    renderPage();
    expect(await screen.findByText('Engineer', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /新增岗位/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).not.toBeInTheDocument();
    const switches = screen.getAllByRole('switch');
    expect(switches).toHaveLength(2);
    switches.forEach((s) => expect(s).toBeDisabled());
  });

  it('shows each button for the permission it needs: the edit call for create and edit, not delete', async () => {
    useSession.setState({ currentUser: testUser({ isSuperAdmin: false, permissions: [postListCall.path, postEditCall.path, postStatusCall.path] }) });
    renderPage();
    await screen.findByText('Engineer', {}, { timeout: 10_000 });
    expect(screen.getByRole('button', { name: /新增岗位/ })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /编\s*辑/ })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /删\s*除/ })).not.toBeInTheDocument();
    screen.getAllByRole('switch').forEach((s) => expect(s).toBeEnabled());
  });

  it('deletes the selected posts in one call and says which one was refused and why', async () => {
    renderPage();
    for (const name of ['CEO', 'Engineer'])
      fireEvent.click(within((await screen.findByText(name, {}, { timeout: 10_000 })).closest('tr')!).getByRole('checkbox'));
    const bar = screen.getByRole('region', { name: '批量操作' });
    expect(within(bar).getByText('已选择 2 项')).toBeInTheDocument();
    fireEvent.click(within(bar).getByRole('button', { name: /删\s*除/ }));
    const confirm = (await screen.findByText('确定对选中的 2 项执行“删除”？', { selector: '.ant-modal-confirm-title' })).closest<HTMLElement>('.ant-modal')!;
    fireEvent.click(within(confirm).getByRole('button', { name: /删\s*除/ }));
    const result = (await screen.findByText('删除的结果', { selector: '.ant-modal-title' })).closest<HTMLElement>('.ant-modal')!;
    expect(within(result).getByText('已完成 1 项，1 项未执行，原因如下：')).toBeInTheDocument();
    expect(within(result).getByText('岗位“CEO”有 1 名用户在任（含回收站），请先为他们更换岗位')).toBeInTheDocument();
    expect(sentBody(postDeleteBatchCall)).toEqual({ ids: [1, 2] });
  });

  it('offers no selection to whom may not delete posts', async () => {
    useSession.setState({ currentUser: testUser({ isSuperAdmin: false, permissions: [postListCall.path, postEditCall.path] }) });
    renderPage();
    await screen.findByText('Engineer', {}, { timeout: 10_000 });
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });
});
