import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { deptEditCall, deptListCall, type DeptNode } from '@uc/contracts';
import { call, setLocale, useSession } from '@uc/client';
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
    answering((contract) => {
      if (contract === deptListCall) return { list: [node({ children: [node({ id: 2, parentId: 1, name: 'Sales', code: 'sales' })] })] };
      if (contract === deptEditCall) return node({ id: 3, name: 'Ops', code: 'ops' });
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
});
