import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import {
  letterSendCall,
  memberListCall,
  noticeEditCall,
  noticeListCall,
  TENANT_HEADER,
  tenantOptionCall,
  type CallContract,
  type NoticeAdminView,
} from '@uc/contracts';
import { call, setLocale, useSession } from '@uc/client';
import { servedBy, testMemberRow, testUser } from '@uc/testing';
import { AntdApiUi } from '@uc/ui';
import { registerHomeMessages } from '../../locales';
import { LetterSendModal } from './letter-send-modal';
import { NoticeFormDrawer } from './notice-form-drawer';

jest.mock('@uc/client', () => ({ ...jest.requireActual('@uc/client'), call: jest.fn() }));
const mockCall = call as jest.MockedFunction<typeof call>;

const SAVED: NoticeAdminView = {
  id: 9,
  title: 'Saved',
  tag: '',
  rangeType: 3,
  level: 1,
  state: 1,
  targetTenantId: null,
  targetTenantName: '',
  recipientCount: 1,
  senderId: 1,
  senderName: 'Ann',
  summary: '',
  publishedAt: null,
  createdAt: '2026-03-01T08:00:00.000Z',
  updatedAt: '2026-03-01T08:00:00.000Z',
  content: '<p>x</p>',
  remark: '',
  recipients: [],
};

const sent = (contract: CallContract) =>
  mockCall.mock.calls.filter(([c]) => c === contract).map(([, o]) => (o ?? {}) as { body?: unknown; query?: Record<string, unknown> });
// Role queries walk every style rule antd injected (seconds each in jsdom): elements are found by text and labels.
const button = (text: string, root: HTMLElement) => within(root).getByText(text, { selector: 'button span' }).closest('button')!;
const dialog = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-drawer-title, .ant-modal-title' })).closest<HTMLElement>('[role="dialog"]')!;
/** Searches `text` in the select labelled `label` and picks the option titled `option`. */
const pick = async (root: HTMLElement, label: string, text: string, option: string) => {
  const input = await within(root).findByLabelText(label);
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.click(await screen.findByTitle(option, {}, { timeout: 5_000 }));
};

/** The tenant each member search was made in (servedBy sees the request's headers). */
const searchedIn: (string | null)[] = [];

jest.setTimeout(30_000);
beforeAll(() => registerHomeMessages());
beforeEach(() => {
  setLocale('zh-CN');
  searchedIn.length = 0;
  mockCall.mockReset();
  mockCall.mockImplementation(
    servedBy((contract, options) => {
      if (contract === memberListCall) {
        searchedIn.push(options?.headers?.get(TENANT_HEADER) ?? null);
        return { list: [testMemberRow({ id: 5, username: 'bob', realName: 'Bob Li' })], page: 1, pageSize: 20, total: 1, totalExact: true, next: null };
      }
      if (contract === tenantOptionCall)
        return {
          list: [
            { id: 1, name: 'Platform', code: 'platform', isPlatform: true, status: 1 },
            { id: 2, name: 'Globex', code: 'globex', isPlatform: false, status: 1 },
          ],
        };
      if (contract === letterSendCall || contract === noticeEditCall) return SAVED;
      throw new Error(`unexpected call ${contract.path}`);
    }),
  );
});

describe('LetterSendModal', () => {
  it("sends a letter to users found by searching the sender's own tenant", async () => {
    useSession.setState({
      status: 'ready',
      currentUser: testUser({ isSuperAdmin: false, tenantId: 3, permissions: [noticeListCall.path, letterSendCall.path, memberListCall.path] }),
    });
    const onSent = jest.fn();
    render(
      <App>
        <AntdApiUi />
        <LetterSendModal open onClose={() => undefined} onSent={onSent} />
      </App>,
    );
    const modal = await dialog('发送私信');
    // A tenant's administrator writes within their own tenant: there is no tenant to choose.
    expect(within(modal).queryByLabelText('租户')).toBeNull();
    fireEvent.click(button('发 送', modal));
    expect(await within(modal).findByText('请至少选择一个接收用户')).toBeInTheDocument();
    expect(sent(letterSendCall)).toHaveLength(0);

    fireEvent.change(within(modal).getByLabelText('标题'), { target: { value: 'Your invoice' } });
    fireEvent.change(within(modal).getByLabelText('内容'), { target: { value: '<p>March</p>' } });
    await pick(modal, '接收用户', 'bob', 'Bob Li (bob)');
    expect(JSON.parse(String(sent(memberListCall).at(-1)?.query?.filter))).toEqual([['keyword', 'bob']]);
    expect(searchedIn.at(-1)).toBeNull();
    fireEvent.click(button('发 送', modal));
    await waitFor(() =>
      expect(sent(letterSendCall)[0]).toEqual({ body: { title: 'Your invoice', tag: '', level: 1, content: '<p>March</p>', userIds: [5] }, done: 'done' }),
    );
    await waitFor(() => expect(onSent).toHaveBeenCalled());
  });
});

describe('NoticeFormDrawer', () => {
  it("lets a platform administrator write to chosen users of another tenant, searching that tenant's users", async () => {
    useSession.setState({ status: 'ready', currentUser: testUser() });
    render(
      <App>
        <AntdApiUi />
        <NoticeFormDrawer open onClose={() => undefined} onSaved={() => undefined} />
      </App>,
    );
    const drawer = await dialog('新增公告');
    expect(within(drawer).queryByLabelText('租户')).toBeNull();
    fireEvent.click(within(drawer).getByText('指定用户'));
    await pick(drawer, '租户', 'glo', 'Globex (globex)');
    await pick(drawer, '接收用户', 'bob', 'Bob Li (bob)');
    expect(searchedIn.at(-1)).toBe('2');
    fireEvent.change(within(drawer).getByLabelText('标题'), { target: { value: 'Audit' } });
    fireEvent.change(within(drawer).getByLabelText('内容'), { target: { value: '<p>Friday</p>' } });
    fireEvent.click(button('保 存', drawer));
    await waitFor(() =>
      expect(sent(noticeEditCall)[0]?.body).toEqual({
        title: 'Audit',
        tag: '',
        rangeType: 3,
        level: 1,
        content: '<p>Friday</p>',
        tenantId: 2,
        userIds: [5],
        remark: '',
      }),
    );
  });
});
