import type { ThemeConfig } from 'antd';
import { palette } from './palette';

/** What paints text in the brand colour, and white text on a brand fill, in the components that do it. */
const brandTextTokens = {
  colorPrimary: palette.brandText,
  colorPrimaryHover: palette.brandTextHover,
  colorPrimaryActive: palette.brandTextActive,
};

/**
 * Light theme, brand #1890ff (spec section 2), with text at WCAG AA contrast (4.5:1): see ./palette
 * for where the brand colour stays and where its text shade takes over. Global tokens set the text
 * colours antd derives (links, secondary text, placeholders, status texts); the components that paint
 * text with the primary or a status colour itself get the text shade as a component token, so fills
 * and marks elsewhere keep the brand.
 */
export const consoleTheme: ThemeConfig = {
  token: {
    colorPrimary: palette.brand,
    // antd 6 derives links from colorInfo (#1677ff, 4.1:1): links are text.
    colorInfo: palette.brand,
    colorLink: palette.brandText,
    colorLinkHover: palette.brandTextHover,
    colorLinkActive: palette.brandTextActive,
    colorPrimaryText: palette.brandText,
    colorPrimaryTextHover: palette.brandTextHover,
    colorPrimaryTextActive: palette.brandTextActive,
    colorInfoText: palette.brandText,
    // Error text and danger buttons (white on it) both read it: one darker red serves both.
    colorError: palette.error,
    colorErrorText: palette.error,
    colorSuccessText: palette.successText,
    colorWarningText: palette.warningText,
    // Descriptions, labels, statistic titles, empty states and icons (antd: 45 % black).
    colorTextTertiary: palette.textSecondary,
    colorTextDescription: palette.textSecondary,
    // Placeholders are read too (antd: 25 % black, 1.8:1); disabled text stays light, as WCAG exempts it.
    colorTextPlaceholder: palette.textSecondary,
  },
  components: {
    Button: {
      ...brandTextTokens,
      defaultHoverColor: palette.brandText,
      defaultHoverBorderColor: palette.brand,
      defaultActiveColor: palette.brandTextActive,
      defaultActiveBorderColor: palette.brandTextActive,
      colorErrorHover: '#a8071a',
      colorErrorActive: '#820014',
    },
    Menu: {
      itemSelectedColor: palette.brandText,
      subMenuItemSelectedColor: palette.brandText,
      horizontalItemSelectedColor: palette.brandText,
      horizontalItemHoverColor: palette.brandText,
    },
    Tabs: {
      itemSelectedColor: palette.brandText,
      itemHoverColor: palette.brandTextHover,
      itemActiveColor: palette.brandTextActive,
      inkBarColor: palette.brand,
    },
    // A table's empty text is written in the disabled colour, though it is read.
    Table: { colorTextDisabled: palette.textSecondary },
    Pagination: { itemActiveColor: palette.brandText, itemActiveColorHover: palette.brandTextHover },
    // Selected entries, "today" and tree selections are text in the primary colour.
    Dropdown: brandTextTokens,
    DatePicker: brandTextTokens,
    Tree: brandTextTokens,
    Radio: { buttonSolidCheckedBg: palette.brandText, buttonSolidCheckedHoverBg: palette.brandTextHover, buttonSolidCheckedActiveBg: palette.brandTextActive },
    Steps: brandTextTokens,
    // A switch may carry a word (启用 / 停用) in white: on the text shade when on, on 60 % black when off.
    Switch: { ...brandTextTokens, colorTextQuaternary: palette.textSecondary, colorTextTertiary: palette.text },
    // A status tag writes its text in the status colour on its light background; a preset tag in the 7th shade of
    // its palette, too light for green, cyan, lime, gold, yellow, orange and volcano: the 8th shade.
    Tag: {
      colorSuccess: palette.successText,
      colorWarning: palette.warningText,
      colorInfo: palette.brandText,
      green7: '#237804',
      cyan7: '#006d75',
      lime7: '#3f6600',
      gold7: '#874d00',
      yellow7: '#876800',
      orange7: '#ad4e00',
      volcano7: '#ad2102',
    },
  },
};
