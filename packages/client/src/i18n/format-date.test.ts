import { formatDateTime } from './format-date';

describe('formatDateTime', () => {
  const at = new Date(2026, 10, 23, 6, 5); // local time, as the reader sees it

  it('writes a date and time the way the selected locale does, 24-hour', () => {
    expect(formatDateTime(at, 'zh-CN')).toBe('2026/11/23 06:05');
    expect(formatDateTime(at, 'en-US')).toBe('11/23/2026, 06:05');
    expect(formatDateTime(new Date(2026, 10, 23, 18, 30), 'en-US')).toBe('11/23/2026, 18:30');
  });

  it('takes the ISO strings the server sends and leaves anything else as it is', () => {
    expect(formatDateTime(at.toISOString(), 'zh-CN')).toBe('2026/11/23 06:05');
    expect(formatDateTime('not a date', 'zh-CN')).toBe('not a date');
  });
});
