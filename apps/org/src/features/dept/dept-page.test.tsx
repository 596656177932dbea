import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { deptDeleteBatchCall, deptEditCall, deptListCall, type DeptNode } from '@uc/contracts';
import { call, setLocale, useSession } from '@uc/client';
import { AntdApiUi } from '@uc/ui';
import { answering, testUser } from '@uc/testing';
import { registerDeptMessages } from './dept-messages';
import { DeptPage } from './dept-page';

// The API client's `call` (which useCall and useScopedCall use too) is the mock.
jest.mock('@uc/client/api-client', () => ({ ...jest.requireActual('@uc/client/api-client'), call: jest.fn() }));
const mockCall = call as jest.MockedFunction<typeof call>;

const node = (over: Partial<DeptNode>): DeptNode => ({
  id: 1,
  parentId: null,
  name: 'HQ',
  code: 'hq',
  leader: '',
  phone: '',
  email: '',
  sort: 0,
  status: 1,
  remark: '',
  createdAt: '2026-01-02T03:04:00.000Z',
  updatedAt: '2026-01-02T03:04:00.000Z',
  ...over,
});

jest.setTimeout(60_000);
beforeAll(() => registerDeptMessages());
beforeEach(() => {
  setLocale('zh-CN');
  useSession.setState({
    status: 'ready',
    currentUser: testUser(),
  });
  mockCall.mockReset();
  mockCall.mockImplementation(
    answering((contract, options) => {
      if (contract === deptListCall) return { list: [node({ children: [node({ id: 2, parentId: 1, name: 'Sales', code: 'sales' })] })] };
      if (contract === deptEditCall) return node({ id: 3, name: 'Ops', code: 'ops' });
      if (contract === deptDeleteBatchCall) {
        const ids = (options?.body as { ids: number[] }).ids;
        // HQ has a sub-department: refused, as the server's dept/delete would.
        const results = ids.map((id) =>
          id === 1
            ? { id, done: false, status: 409, message: 'Department "HQ" has 1 sub-department(s): delete or move them first' }
            : { id, done: true, status: 200, message: '' },
        );
        return { results, done: results.filter((r) => r.done).length, refused: results.filter((r) => !r.done).length };
      }
      return { list: [] };
    }),
  );
});

describe('DeptPage', () => {
  it('shows the department tree expanded', async () => {
    render(
      <App>
        <DeptPage />
      </App>,
    );
    expect(await screen.findByText('HQ')).toBeInTheDocument();
    expect(await screen.findByText('Sales')).toBeInTheDocument();
  });

  it('asks for name and code before saving a new department', async () => {
    render(
      <App>
        <DeptPage />
      </App>,
    );
    await screen.findByText('HQ');
    fireEvent.click(screen.getAllByText('新增部门')[0]!);
    fireEvent.click(await screen.findByText(/^保\s*存$/));
    // The contract's message, in the selected language (zh-CN here).
    expect((await screen.findAllByText('部门名称和编码不能为空')).length).toBeGreaterThan(0);
    expect(mockCall.mock.calls.some(([c]) => c === deptEditCall)).toBe(false);
  });

  it('sends the form to the edit call', async () => {
    render(
      <App>
        <DeptPage />
      </App>,
    );
    await screen.findByText('HQ');
    fireEvent.click(screen.getAllByText('新增部门')[0]!);
    fireEvent.change(await screen.findByLabelText('部门名称'), { target: { value: 'R&D' } });
    fireEvent.change(screen.getByLabelText('部门编码'), { target: { value: 'rd' } });
    fireEvent.click(screen.getByText(/^保\s*存$/));
    await waitFor(() =>
      expect(mockCall.mock.calls.find(([c]) => c === deptEditCall)?.[1]).toMatchObject({
        body: { name: 'R&D', code: 'rd', parentId: null, status: 1, sort: 0 },
      }),
    );
  });

  it('deletes the selected departments, a parent and its child each on its own, and lists the refused one (en-US)', async () => {
    setLocale('en-US');
    render(
      <App>
        <AntdApiUi />
        <DeptPage />
      </App>,
    );
    const rowOf = async (name: string) => (await screen.findByText(name, {}, { timeout: 10_000 })).closest('tr')!;
    // Checking a parent does not check its children (each is deleted or refused on its own).
    fireEvent.click(within(await rowOf('HQ')).getByRole('checkbox'));
    expect(within(await rowOf('Sales')).getByRole('checkbox')).not.toBeChecked();
    fireEvent.click(within(await rowOf('Sales')).getByRole('checkbox'));
    const bar = screen.getByRole('region', { name: 'Batch actions' });
    expect(within(bar).getByText('2 selected')).toBeInTheDocument();
    fireEvent.click(within(bar).getByRole('button', { name: 'Delete' }));
    const confirm = (await screen.findByText('Apply “Delete” to the 2 selected rows?', { selector: '.ant-modal-confirm-title' })).closest<HTMLElement>(
      '.ant-modal',
    )!;
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    const result = (await screen.findByText('Result of “Delete”', { selector: '.ant-modal-title' })).closest<HTMLElement>('.ant-modal')!;
    expect(within(result).getByText('HQ')).toBeInTheDocument();
    expect(within(result).getByText('Department "HQ" has 1 sub-department(s): delete or move them first')).toBeInTheDocument();
    expect(mockCall.mock.calls.filter(([c]) => c === deptDeleteBatchCall).map(([, o]) => o?.body)).toEqual([{ ids: [1, 2] }]);
  });
});
