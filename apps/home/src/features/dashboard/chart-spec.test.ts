import { formatValue, nothingToDraw, tableOf, type ChartSpec } from './chart-spec';
import { formatBytes, formatDuration } from './monitor-format';
import { dayPart, menuShortcuts } from './menu-shortcuts';
import { testMenuItem as item } from '@uc/testing';

describe('a chart spec as a table', () => {
  const spec: ChartSpec = {
    kind: 'bar',
    labels: ['2026-03-01', '2026-03-02'],
    series: [
      { key: 'ok', label: 'Succeeded', values: [1200, 3], color: '#000' },
      { key: 'money', label: 'Added', values: [12.5, 0], texts: ['12.50', '0.00'], color: '#000' },
    ],
    tableOnly: [{ key: 'gap', label: 'p99', values: [null, 4], color: '#000' }],
  };

  it('has a row per label and a column per series, exact texts kept, gaps shown as a dash', () => {
    const table = tableOf(spec, 'Date', 'en-US');
    expect(table.columns.map((c) => c.title)).toEqual(['Date', 'Succeeded', 'Added', 'p99']);
    expect(table.rows.map(({ key: _key, ...r }) => r)).toEqual([
      { label: '2026-03-01', ok: '1,200', money: '12.50', gap: '–' },
      { label: '2026-03-02', ok: '3', money: '0.00', gap: '4' },
    ]);
  });

  it('formats by locale, with the unit after the figure', () => {
    expect(formatValue(1234.567, 'zh-CN', 'ms')).toBe('1,234.57 ms');
    expect(formatValue(null, 'en-US', '%')).toBe('–');
  });
});

describe('what a chart draws', () => {
  const line = (values: (number | null)[], zeroIsFigure = false): ChartSpec => ({
    kind: 'line',
    labels: values.map((_, i) => String(i)),
    series: [{ key: 'v', label: 'v', values, color: '#000' }],
    zeroIsFigure,
  });

  it('says there is nothing to draw when nothing was measured, or counted, but draws a rate of 0 %', () => {
    expect(nothingToDraw(line([null, null]))).toBe(true);
    expect(nothingToDraw(line([0, 0]))).toBe(true);
    expect(nothingToDraw(line([0, 2]))).toBe(false);
    expect(nothingToDraw(line([0, null], true))).toBe(false);
    expect(nothingToDraw({ ...line([0, 0], true), kind: 'doughnut' })).toBe(true);
  });
});

describe('monitor figures', () => {
  const t = (key: string, p: Record<string, number>) => `${key.split('.').at(-1)}:${Object.values(p).join(',')}`;

  it('give a duration from its largest unit, and bytes in the largest unit that keeps them at 1 or more', () => {
    expect(formatDuration(3 * 86_400 + 4 * 3_600 + 5 * 60 + 6, t)).toBe('dhm:3,4,5,6');
    expect(formatDuration(2 * 3_600 + 60, t)).toBe('hm:0,2,1,0');
    expect(formatDuration(75, t)).toBe('ms:0,0,1,15');
    expect(formatBytes(512, 'en-US')).toBe('512 B');
    expect(formatBytes(150 * 1024 * 1024, 'en-US')).toBe('150 MB');
  });
});

describe('workplace shortcuts', () => {
  it('are the menu leaves inside the console, hidden pages, links out and the workplace itself left out', () => {
    const menu = [
      item('/dashboard', [item('/dashboard/workplace'), item('/dashboard/analysis')]),
      item('/org', [item('/org/user'), item('/org/user/:id', [], { hidden: true })]),
      item('https://docs.example.com'),
      item('/pt/bind'),
    ];
    expect(menuShortcuts(menu).map((m) => m.path)).toEqual(['/dashboard/analysis', '/org/user', '/pt/bind']);
  });

  it('greet by the part of the day', () => {
    expect([6, 12, 15, 20, 2].map(dayPart)).toEqual(['morning', 'noon', 'afternoon', 'evening', 'evening']);
  });
});
