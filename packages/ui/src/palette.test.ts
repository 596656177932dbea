import { palette } from './palette';
import { consoleTheme } from './theme';

/** WCAG 2.1 relative luminance of a colour (#rrggbb or rgba(0, 0, 0, a) laid over `under`). */
function luminance(colour: string, under = '#ffffff'): number {
  const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const alpha = /^rgba\(0, 0, 0, ([\d.]+)\)$/.exec(colour);
  const channels = alpha ? rgb(under).map((c) => c * (1 - Number(alpha[1]))) : rgb(colour);
  const [r, g, b] = channels.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(text: string, background: string): number {
  const [a, b] = [luminance(text, background), luminance(background)].sort((x, y) => y - x);
  return (a! + 0.05) / (b! + 0.05);
}

/** The backgrounds text sits on: containers, the layout, table headers, a selected menu entry or row. */
const BACKGROUNDS = ['#ffffff', '#fafafa', '#f5f5f5', palette.layoutBg, '#e6f7ff'];

describe('the palette meets WCAG AA for text (4.5:1)', () => {
  it.each([
    ['brandText', palette.brandText],
    ['brandTextActive', palette.brandTextActive],
    ['textSecondary', palette.textSecondary],
    ['error', palette.error],
    ['text', palette.text],
  ])('%s on every background', (_, colour) => {
    for (const bg of BACKGROUNDS) expect(contrast(colour, bg)).toBeGreaterThanOrEqual(4.5);
  });

  it('white on the fills under white text (primary and danger buttons, hovered and pressed)', () => {
    for (const fill of [palette.brandText, palette.brandTextHover, palette.brandTextActive, palette.error]) {
      expect(contrast('#ffffff', fill)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('status texts on their light backgrounds', () => {
    expect(contrast(palette.successText, '#f6ffed')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(palette.warningText, '#fffbe6')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(palette.error, '#fff2f0')).toBeGreaterThanOrEqual(4.5);
  });

  it('the brand itself stays #1890ff, and as a mark or ring it has the 3:1 of non-text contrast', () => {
    expect(consoleTheme.token?.colorPrimary).toBe('#1890ff');
    expect(contrast(palette.brand, '#ffffff')).toBeGreaterThanOrEqual(3);
    expect(contrast(palette.brand, '#fafafa')).toBeGreaterThanOrEqual(3);
  });

  it('antd would fail: its link blue, 45 % black and #1890ff under white text', () => {
    expect(contrast('#1677ff', '#ffffff')).toBeLessThan(4.5);
    expect(contrast('rgba(0, 0, 0, 0.45)', '#ffffff')).toBeLessThan(4.5);
    expect(contrast('#ffffff', '#1890ff')).toBeLessThan(4.5);
  });
});
