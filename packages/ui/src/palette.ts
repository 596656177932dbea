/**
 * The console's colours, for the antd theme (./theme) and for the shell's screens drawn without antd
 * (login, boot failure, loading): one place, no React or antd, so the light login page can import it.
 *
 * The brand stays #1890ff (spec section 2) wherever it is a fill, border or mark without text on it:
 * focus rings, input borders, checkboxes, switches, the tabs' ink bar, selected rows, charts. Text
 * meets WCAG AA (4.5:1) on every background the console paints (white, #f5f5f5, #f0f2f5 and the
 * selected-row blue #e6f7ff), which #1890ff does not (3.2:1 on white, in both directions): so text in
 * the brand colour, and white text on a brand fill (primary buttons), use `brandText`, the brand's hue
 * darkened between the 7th and 8th shades of its antd palette (5.7:1 on white, 5.1 on #f0f2f5, 5.2 on
 * #e6f7ff).
 */
export const palette = {
  /** The brand colour: fills, borders and marks. */
  brand: '#1890ff',
  /** The brand's text shade: links, selected menu entries and tabs, and the fill under white text (5.7:1). */
  brandText: '#0764cc',
  /** The fill of a primary button under the pointer (white text 5.0:1): the 7th shade of the brand palette. */
  brandTextHover: '#096dd9',
  /** Pressed (7.5:1): the 8th shade. */
  brandTextActive: '#0050b3',
  /** Body text (antd's colorText). */
  text: 'rgba(0, 0, 0, 0.88)',
  /** Secondary and descriptive text, placeholders: antd's 45 % black reads 3.4:1, 60 % reads 5.5:1 on #f0f2f5. */
  textSecondary: 'rgba(0, 0, 0, 0.6)',
  /** Errors and danger actions as text, and the fill under white text of a danger button (5.6:1): red-7. */
  error: '#cf1322',
  /** Success as text (5.4:1 on its light green background): green-8. */
  successText: '#237804',
  /** Warnings as text (5.2:1 on its light background): orange-8. */
  warningText: '#ad4e00',
  /** Marks beside text (icons, dots, borders): antd's seeds, which only graphics use. */
  success: '#52c41a',
  warning: '#faad14',
  /** The light pages' background. */
  layoutBg: '#f0f2f5',
} as const;
