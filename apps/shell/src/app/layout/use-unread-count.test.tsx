import { act, render, screen } from '@testing-library/react';
import { call, setAccessToken, setLocale, useSession } from '@uc/client';
import { answersInTurn, testUser } from '@uc/testing';
import { registerShellMessages } from '../../locales';
import { noticeStreamUrl, useUnreadCount } from './use-unread-count';

jest.mock('@uc/client', () => ({ ...jest.requireActual('@uc/client'), call: jest.fn() }));
const mockCall = call as jest.MockedFunction<typeof call>;

/** A stand-in for the browser's EventSource (jsdom has none): the test plays the server's side. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static last: FakeEventSource | null = null;
  static opened = 0;
  readyState = FakeEventSource.CONNECTING;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
    FakeEventSource.opened++;
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, data: unknown) {
    this.readyState = FakeEventSource.OPEN;
    for (const l of this.listeners.get(type) ?? []) l(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

function Badge() {
  return <span data-testid="count">{useUnreadCount(true)}</span>;
}

beforeAll(() => registerShellMessages());
beforeEach(() => {
  setLocale('zh-CN');
  mockCall.mockReset();
  FakeEventSource.last = null;
  FakeEventSource.opened = 0;
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
  setAccessToken('tok en');
  useSession.setState({ currentUser: testUser(), status: 'ready' });
});
afterEach(() => {
  delete (globalThis as { EventSource?: unknown }).EventSource;
  setAccessToken(null);
});

describe('unread count on the notice stream', () => {
  it('opens the stream with the session token and shows each pushed count without asking again', async () => {
    mockCall.mockImplementation(answersInTurn({ letterCount: 1, noticeCount: 0 }));
    render(<Badge />);
    expect(await screen.findByText('1')).toBeInTheDocument();
    expect(FakeEventSource.last?.url).toBe(noticeStreamUrl('tok en'));
    expect(FakeEventSource.last?.url).toBe('/admin/admin/notice/stream?token=tok%20en');

    act(() => FakeEventSource.last!.emit('unread', { letterCount: 4, noticeCount: 2 }));
    expect(screen.getByTestId('count')).toHaveTextContent('4');
    // An open stream makes the focus refresh unnecessary.
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(mockCall).toHaveBeenCalledTimes(1);
    // A malformed event changes nothing.
    act(() => FakeEventSource.last!.emit('unread', { letterCount: 'x' }));
    expect(screen.getByTestId('count')).toHaveTextContent('4');
  });

  it('falls back to the focus refresh and reopens the stream when the browser gave it up', async () => {
    jest.useFakeTimers({ now: 0 });
    mockCall.mockImplementation(answersInTurn({ letterCount: 2, noticeCount: 0 }, { letterCount: 5, noticeCount: 0 }));
    render(<Badge />);
    await act(async () => undefined);
    expect(screen.getByTestId('count')).toHaveTextContent('2');
    const first = FakeEventSource.last!;
    first.readyState = FakeEventSource.CLOSED;
    act(() => void jest.advanceTimersByTime(5000));
    await act(async () => void window.dispatchEvent(new Event('focus')));
    expect(screen.getByTestId('count')).toHaveTextContent('5');
    expect(FakeEventSource.opened).toBe(2);
    jest.useRealTimers();
  });

  it('stays closed after the server ends the stream (the session is over) and lets the refusal show at once', async () => {
    jest.useFakeTimers({ now: 0 });
    mockCall.mockImplementation(answersInTurn({ letterCount: 0, noticeCount: 0 }, { letterCount: 0, noticeCount: 0 }));
    render(<Badge />);
    await act(async () => undefined);
    act(() => FakeEventSource.last!.emit('end', {}));
    expect(FakeEventSource.last!.readyState).toBe(FakeEventSource.CLOSED);
    // One call with the usual error handling, so its 61 shows the 登录超时 dialog now.
    expect(mockCall).toHaveBeenCalledTimes(2);
    expect(mockCall.mock.calls[1]?.[1]).toBeUndefined();
    act(() => void jest.advanceTimersByTime(5000));
    await act(async () => void window.dispatchEvent(new Event('focus')));
    expect(FakeEventSource.opened).toBe(1);
    jest.useRealTimers();
  });
});
