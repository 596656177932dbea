import { fireEvent, screen, waitFor } from '@testing-library/react';
import { profileNotificationCall, profileNotificationEditCall, type NoticePreferences } from '@uc/contracts';
import { setLocale } from '@uc/client';
import { registerHomeMessages } from '../../locales';
import { renderAt, serve } from './account-test-data';
import { NotificationTab } from './notification-tab';

let server: ReturnType<typeof serve>;
beforeAll(() => registerHomeMessages());
beforeEach(() => {
  setLocale('zh-CN');
  let stored: NoticePreferences = { notices: true, letters: true, system: false };
  server = serve((contract, options) => {
    if (contract === profileNotificationCall) return stored;
    if (contract === profileNotificationEditCall) return (stored = options?.body as NoticePreferences);
    throw new Error(`unexpected call ${contract.path}`);
  });
});
afterEach(() => jest.restoreAllMocks());

describe('NotificationTab', () => {
  it('shows each switch with what it governs and saves a toggle at once', async () => {
    renderAt(<NotificationTab />);
    const letters = await screen.findByRole('switch', { name: '私信' });
    expect(letters).toBeChecked();
    expect(screen.getByRole('switch', { name: '系统消息' })).not.toBeChecked();
    expect(screen.getByText(/发给您个人的私信。关闭后，私信不再计入顶部的未读角标/)).toBeInTheDocument();

    fireEvent.click(letters);
    await waitFor(() => expect(screen.getByRole('switch', { name: '私信' })).not.toBeChecked());
    expect(server.sent(profileNotificationEditCall)).toEqual([{ body: { notices: true, letters: false, system: false }, done: 'saved' }]);
    expect(await screen.findByText('已保存')).toBeInTheDocument();
  });
});
