import { act, renderHook, waitFor } from '@testing-library/react';
import { roleListCall } from '@uc/contracts';
import { call } from '@uc/client';
import { useCall } from './use-call';

jest.mock('@uc/client', () => ({ ...jest.requireActual('@uc/client'), call: jest.fn() }));
const mockCall = call as jest.MockedFunction<typeof call>;

const answer = (name: string) => ({ list: [{ name }] }) as never;

describe('useCall', () => {
  beforeEach(() => mockCall.mockReset());

  it('calls once on mount and gives the answer', async () => {
    mockCall.mockResolvedValue(answer('a'));
    const { result } = renderHook(() => useCall(roleListCall, { query: { keyword: 'x' } }));
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.data).toEqual(answer('a'));
    expect(mockCall).toHaveBeenCalledTimes(1);
    expect(mockCall.mock.calls[0]?.[1]).toMatchObject({ query: { keyword: 'x' } });
  });

  it('calls again when the query changes by value, not for a new object with the same content', async () => {
    mockCall.mockResolvedValue(answer('a'));
    const { result, rerender } = renderHook(({ keyword }) => useCall(roleListCall, { query: { keyword } }), { initialProps: { keyword: 'x' } });
    await waitFor(() => expect(result.current.loading).toBe(false));
    rerender({ keyword: 'x' });
    expect(mockCall).toHaveBeenCalledTimes(1);
    rerender({ keyword: 'y' });
    await waitFor(() => expect(mockCall).toHaveBeenCalledTimes(2));
  });

  it('ignores the answer of a query that was replaced, and aborts it', async () => {
    let first: (v: never) => void = () => undefined;
    mockCall.mockImplementationOnce(() => new Promise((resolve) => (first = resolve))).mockResolvedValueOnce(answer('second'));
    const { result, rerender } = renderHook(({ keyword }) => useCall(roleListCall, { query: { keyword } }), { initialProps: { keyword: 'a' } });
    rerender({ keyword: 'b' });
    await waitFor(() => expect(result.current.data).toEqual(answer('second')));
    const firstSignal = (mockCall.mock.calls[0]?.[1] as { signal: AbortSignal }).signal;
    expect(firstSignal.aborted).toBe(true);
    await act(async () => first(answer('first')));
    expect(result.current.data).toEqual(answer('second'));
  });

  it('reloads on demand and keeps the last answer when a call is refused', async () => {
    mockCall.mockResolvedValueOnce(answer('a')).mockRejectedValueOnce(new Error('refused'));
    const { result } = renderHook(() => useCall(roleListCall));
    await waitFor(() => expect(result.current.data).toEqual(answer('a')));
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.error).toEqual(new Error('refused')));
    expect(result.current.data).toEqual(answer('a'));
    expect(result.current.loading).toBe(false);
  });

  it('asks again when `refresh` changes, and lets the answer go when the options become null', async () => {
    mockCall.mockResolvedValue(answer('a'));
    const { result, rerender } = renderHook(({ open, revision }) => useCall(roleListCall, open ? {} : null, revision), {
      initialProps: { open: true, revision: 0 },
    });
    await waitFor(() => expect(result.current.data).toEqual(answer('a')));
    rerender({ open: true, revision: 1 });
    await waitFor(() => expect(mockCall).toHaveBeenCalledTimes(2));
    rerender({ open: false, revision: 1 });
    await waitFor(() => expect(result.current.data).toBeUndefined());
    expect(mockCall).toHaveBeenCalledTimes(2);
  });

  it('calls nothing while the options are null', async () => {
    const { result } = renderHook(() => useCall(roleListCall, null));
    expect(result.current.loading).toBe(false);
    expect(mockCall).not.toHaveBeenCalled();
  });
});
