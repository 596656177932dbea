import { act, renderHook } from '@testing-library/react';
import { untilNextDay, useAnalysisRange } from './use-analysis-range';

let visibility: DocumentVisibilityState = 'visible';
Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });

const focus = () => act(() => void window.dispatchEvent(new Event('focus')));
const setVisibility = (state: DocumentVisibilityState) =>
  act(() => {
    visibility = state;
    document.dispatchEvent(new Event('visibilitychange'));
  });

beforeEach(() => {
  visibility = 'visible';
  // 10:00 on 4 March 2026, the browser's clock.
  jest.useFakeTimers({ now: new Date(2026, 2, 4, 10, 0) });
});
afterEach(() => jest.useRealTimers());

describe('useAnalysisRange', () => {
  it('opens on the last 30 days and follows the day', () => {
    const { result } = renderHook(() => useAnalysisRange());
    expect(result.current[0]).toEqual({ from: '2026-02-03', to: '2026-03-04' });
    jest.setSystemTime(new Date(2026, 2, 5, 9, 0));
    focus();
    expect(result.current[0]).toEqual({ from: '2026-02-04', to: '2026-03-05' });
  });

  it('follows a preset picked (the last 7 days ending today), once the page is back in view', () => {
    const { result } = renderHook(() => useAnalysisRange());
    act(() => result.current[1]({ from: '2026-02-26', to: '2026-03-04' }));
    setVisibility('hidden');
    // Past midnight: a page out of view asks nothing, the midnight timer finds it hidden.
    act(() => void jest.advanceTimersByTime(untilNextDay()));
    expect(new Date().getDate()).toBe(5);
    expect(result.current[0]).toEqual({ from: '2026-02-26', to: '2026-03-04' });
    setVisibility('visible');
    expect(result.current[0]).toEqual({ from: '2026-02-27', to: '2026-03-05' });
  });

  it('keeps a range picked by hand as chosen, even one ending today', () => {
    const { result } = renderHook(() => useAnalysisRange());
    act(() => result.current[1]({ from: '2026-02-20', to: '2026-03-04' }));
    jest.setSystemTime(new Date(2026, 2, 5, 9, 0));
    focus();
    act(() => void jest.advanceTimersByTime(2 * 86_400_000));
    expect(result.current[0]).toEqual({ from: '2026-02-20', to: '2026-03-04' });
  });

  it('sets its timer for just after the next midnight', () => {
    expect(untilNextDay(new Date(2026, 2, 4, 23, 59, 30))).toBe(31_000);
    expect(untilNextDay(new Date(2026, 2, 4, 0, 0, 0))).toBe(86_401_000);
  });
});
