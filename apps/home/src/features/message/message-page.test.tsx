import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import {
  noticeCountAllCall,
  noticeMyMessagesCall,
  noticePublicMessagesCall,
  noticeReadAllCall,
  profileNotificationCall,
  type CallContract,
  type MessageRow,
} from '@uc/contracts';
import { call, setLocale, useSession } from '@uc/client';
import { answering, testUser } from '@uc/testing';
import { registerHomeMessages } from '../../locales';
import { MessagePage } from './message-page';

jest.mock('@uc/client', () => ({ ...jest.requireActual('@uc/client'), call: jest.fn() }));
const mockCall = call as jest.MockedFunction<typeof call>;

const message = (over: Partial<MessageRow>): MessageRow => ({
  id: 1,
  kind: 'notice',
  title: 'Maintenance tonight',
  tag: 'ops',
  rangeType: 1,
  system: false,
  level: 1,
  summary: 'The console is down from 22:00',
  senderName: 'Platform team',
  publishedAt: '2026-03-01T08:00:00.000Z',
  read: true,
  readAt: '2026-03-01T09:00:00.000Z',
  ...over,
});
const NOTICES = [message({}), message({ id: 2, title: 'New tenant policy', level: 3, system: true, read: false, readAt: null })];
const LETTERS = [message({ id: 7, kind: 'letter', rangeType: 3, title: 'Your invoice', tag: '', level: 2, read: false, readAt: null })];
const paged = (list: MessageRow[]) => ({ list, page: 1, pageSize: 10, total: list.length, totalExact: true, next: null });

const calls = (contract: CallContract) =>
  mockCall.mock.calls.filter(([c]) => c === contract).map(([, o]) => (o ?? {}) as { query?: Record<string, unknown>; body?: unknown });

function Address() {
  const { pathname, search } = useLocation();
  return <output aria-label="address">{`${pathname}${search}`}</output>;
}
const renderAt = (entry: string) =>
  render(
    <App>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/home/message" element={<MessagePage />} />
          <Route path="/home/message/:id" element={<Link to="/home/message">back</Link>} />
        </Routes>
        <Address />
      </MemoryRouter>
    </App>,
  );
// Role queries walk every style rule antd injected (seconds each in jsdom): elements are found by text and attributes.
const tab = (key: string) => document.querySelector<HTMLElement>(`[data-node-key="${key}"] [role="tab"]`)!;
const button = (text: string) => screen.getByText(text, { selector: 'button span' }).closest('button')!;
const rowOf = async (title: string) => (await screen.findByText(title, {}, { timeout: 10_000 })).closest('tr')!;

let switches = { notices: true, letters: true, system: true };

jest.setTimeout(30_000);
beforeAll(() => registerHomeMessages());
beforeEach(() => {
  setLocale('zh-CN');
  useSession.setState({ status: 'ready', currentUser: testUser({ isSuperAdmin: false, tenantId: 3 }) });
  mockCall.mockReset();
  let letterUnread = 1;
  switches = { notices: true, letters: true, system: true };
  mockCall.mockImplementation(
    answering((contract, options) => {
      if (contract === noticePublicMessagesCall) return paged(NOTICES);
      if (contract === noticeMyMessagesCall) return paged(LETTERS);
      if (contract === noticeCountAllCall) return { notice: { total: 2, unread: 1 }, letter: { total: 1, unread: letterUnread } };
      if (contract === profileNotificationCall) return switches;
      if (contract === noticeReadAllCall) {
        letterUnread = (options?.body as { kind: string }).kind === 'letter' ? 0 : letterUnread;
        return { marked: 1 };
      }
      throw new Error(`unexpected call ${contract.path}`);
    }),
  );
});

describe('MessagePage', () => {
  it('opens the private letters from ?tab=private (the header badge) with the unread counts in the tab labels', async () => {
    renderAt('/home/message/?tab=private');
    const row = await rowOf('Your invoice');
    expect(tab('letter')).toHaveAttribute('aria-selected', 'true');
    expect(within(row).getByLabelText('未读')).toBeInTheDocument();
    expect(within(row).getByText('重要')).toBeInTheDocument();
    expect(calls(noticePublicMessagesCall)).toHaveLength(0);
    expect(calls(noticeMyMessagesCall)[0]?.query).toEqual({ page: 1, pageSize: 10, sort: '-publishedAt' });
    await waitFor(() => expect(within(tab('letter')).getByTitle('1 条未读')).toBeInTheDocument());
  });

  it('keeps the tab in the address when switching, and shows notices with their markers', async () => {
    renderAt('/home/message');
    const read = await rowOf('Maintenance tonight');
    const unread = await rowOf('New tenant policy');
    expect(within(read).queryByLabelText('未读')).toBeNull();
    expect(within(unread).getByLabelText('未读')).toBeInTheDocument();
    expect(within(unread).getByText('紧急')).toBeInTheDocument();
    expect(within(unread).getByText('系统')).toBeInTheDocument();
    expect(within(read).getByText('Maintenance tonight').closest('a')).toHaveAttribute('href', '/home/message/1');

    // A click anywhere on a row opens the message, as its title does.
    fireEvent.click(within(read).getByText('Platform team'));
    expect(screen.getByLabelText('address')).toHaveTextContent('/home/message/1');
    fireEvent.click(await screen.findByText('back'));
    fireEvent.click(tab('letter'));
    await rowOf('Your invoice');
    expect(screen.getByLabelText('address')).toHaveTextContent('/home/message?tab=private');
    fireEvent.click(tab('notice'));
    await waitFor(() => expect(screen.getByLabelText('address')).toHaveTextContent('/home/message?tab=public'));
  });

  it('marks every letter read with kind letter, then reloads the list and the counts', async () => {
    renderAt('/home/message?tab=private');
    await rowOf('Your invoice');
    const listsBefore = calls(noticeMyMessagesCall).length;
    const countsBefore = calls(noticeCountAllCall).length;
    fireEvent.click(button('私信全部标为已读'));
    await waitFor(() => expect(calls(noticeReadAllCall)).toEqual([{ body: { kind: 'letter' }, done: 'done' }]));
    await waitFor(() => expect(calls(noticeMyMessagesCall).length).toBe(listsBefore + 1));
    await waitFor(() => expect(calls(noticeCountAllCall).length).toBe(countsBefore + 1));
    // Nothing unread is left: the button has nothing more to do.
    await waitFor(() => expect(button('私信全部标为已读')).toBeDisabled());
  });

  it('asks the list for unread messages only when that filter is chosen', async () => {
    renderAt('/home/message');
    await rowOf('Maintenance tonight');
    fireEvent.click(screen.getByText('未读', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(JSON.parse(String(calls(noticePublicMessagesCall).at(-1)?.query?.filter))).toEqual([['readAt', 'null']]));
  });

  it('says when a switched-off kind is left out of the list, with the way to the switch', async () => {
    switches = { notices: true, letters: false, system: true };
    renderAt('/home/message?tab=private');
    await rowOf('Your invoice');
    const note = await screen.findByTestId('switched-off');
    expect(note).toHaveTextContent('您已关闭私信通知');
    expect(within(note).getByText('去开启').closest('a')).toHaveAttribute('href', '/home/account?view=settings&tab=notification');
    fireEvent.click(tab('notice'));
    await rowOf('Maintenance tonight');
    // Notices are still wanted: their tab has no such note.
    await waitFor(() => expect(tab('notice')).toHaveAttribute('aria-selected', 'true'));
    const pane = document.getElementById(tab('notice').getAttribute('aria-controls')!)!;
    expect(pane).toHaveTextContent('Maintenance tonight');
    expect(within(pane).queryByTestId('switched-off')).toBeNull();
  });
});
