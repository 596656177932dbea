import { fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { noticeDetailCall, type MessageDetail } from '@uc/contracts';
import { call, setLocale, useSession } from '@uc/client';
import { Refusal, servedBy, testUser } from '@uc/testing';
import { AntdApiUi } from '@uc/ui';
import { registerHomeMessages } from '../../locales';
import { MessageDetailPage } from './message-detail-page';

jest.mock('@uc/client', () => ({ ...jest.requireActual('@uc/client'), call: jest.fn() }));
const mockCall = call as jest.MockedFunction<typeof call>;

const LETTER: MessageDetail = {
  id: 7,
  kind: 'letter',
  title: 'Your invoice',
  tag: 'billing',
  rangeType: 3,
  system: false,
  level: 3,
  summary: 'March is ready',
  senderName: 'Finance',
  publishedAt: '2026-03-01T08:00:00.000Z',
  read: true,
  readAt: '2026-03-02T08:00:00.000Z',
  content: '<p>March is <strong>ready</strong>.</p><img src="/admin/admin/upload/file/a.png" alt="chart">',
};

function Address() {
  return <output aria-label="address">{useLocation().pathname + useLocation().search}</output>;
}
const renderAt = (entry: string | { pathname: string; state: unknown }) =>
  render(
    <App>
      <AntdApiUi />
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/home/message/:id" element={<MessageDetailPage />} />
          <Route path="/home/message" element={<p>list</p>} />
        </Routes>
        <Address />
      </MemoryRouter>
    </App>,
  );

jest.setTimeout(30_000);
beforeAll(() => registerHomeMessages());
beforeEach(() => {
  setLocale('zh-CN');
  useSession.setState({ status: 'ready', currentUser: testUser({ isSuperAdmin: false, tenantId: 3 }) });
  mockCall.mockReset();
  mockCall.mockImplementation(
    servedBy((contract, options) => {
      if (contract !== noticeDetailCall) throw new Error(`unexpected call ${contract.path}`);
      if ((options?.query as { id: number }).id === 7) return LETTER;
      throw new Refusal('The notice does not exist', 404);
    }),
  );
});

describe('MessageDetailPage', () => {
  it('shows the message with its content as HTML and links back to its tab', async () => {
    renderAt('/home/message/7');
    expect(await screen.findByRole('heading', { level: 2, name: 'Your invoice' })).toBeInTheDocument();
    expect(mockCall.mock.calls[0]?.[1]).toMatchObject({ query: { id: 7 } });
    const content = screen.getByTestId('message-content');
    expect(content.querySelector('strong')).toHaveTextContent('ready');
    expect(content.querySelector('img')).toHaveAttribute('alt', 'chart');
    expect(screen.getByText('紧急')).toBeInTheDocument();
    expect(screen.getByText('billing')).toBeInTheDocument();
    expect(screen.getByText('Finance')).toBeInTheDocument();
    expect(screen.getByText('返回私信', { exact: false }).closest('a')).toHaveAttribute('href', '/home/message?tab=private');
  });

  it('says a missing or withdrawn message is gone, without a toast, and goes back to the tab it came from', async () => {
    renderAt({ pathname: '/home/message/8', state: { kind: 'letter' } });
    expect(await screen.findByText('消息不存在或已撤回')).toBeInTheDocument();
    expect(screen.queryByText('The notice does not exist')).toBeNull();
    fireEvent.click(screen.getByText('返回消息列表', { selector: 'button span' }));
    expect(screen.getByLabelText('address')).toHaveTextContent('/home/message?tab=private');
  });

  it('treats an address that is not a message id as not found, without asking the server', async () => {
    renderAt('/home/message/abc');
    expect(await screen.findByText('消息不存在或已撤回')).toBeInTheDocument();
    expect(mockCall).not.toHaveBeenCalled();
  });
});
