import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { setLocale } from '@uc/client';
import { registerMarketMessages } from '../../locales';
import { installedCard, testCard } from '../../lib/market-test-data';
import { MarketCard } from './market-card';

beforeAll(() => registerMarketMessages());
let open: jest.SpyInstance;
beforeEach(() => {
  setLocale('zh-CN');
  open = jest.spyOn(window, 'open').mockImplementation(() => null);
});
afterEach(() => open.mockRestore());

// antd spaces the two characters of a Chinese button (安 装); the accessible name carries the app's title.
const buttonText = (text: string) => new RegExp(`^${[...text].join('\\s?')}$`);

const card = (c: Parameters<typeof MarketCard>[0]['card']) => {
  render(<MarketCard card={c} />);
  return screen.getByTestId(`market-card-${c.name}`);
};

describe('MarketCard', () => {
  it('offers an app not installed for install, opening its details page in a new window', () => {
    const el = card(testCard({ name: 'acme-report', version: '1.2.0' }));
    expect(within(el).getByText('报表')).toBeInTheDocument();
    expect(within(el).getByText('按月汇总的报表')).toBeInTheDocument();
    expect(within(el).getByTestId('market-card-status')).toHaveTextContent('未安装');
    expect(within(el).getByTestId('market-new-version')).toHaveTextContent('1.2.0');
    expect(within(el).queryByTestId('market-card-progress')).toBeNull();
    fireEvent.click(within(el).getByTestId('market-install'));
    expect(within(el).getByTestId('market-install')).toHaveTextContent(buttonText('安装'));
    expect(within(el).getByTestId('market-install')).toHaveAccessibleName('安装 报表');
    expect(open).toHaveBeenCalledWith('/admin/web/addons/market/details/acme-report%401.2.0', '_blank', 'noopener');
  });

  it.each([
    [1, '下载中'],
    [2, '安装中'],
  ] as const)('shows status %s as %s with its progress, and the details', (installStatus, label) => {
    const el = card(testCard({ installStatus, progress: 40 }));
    expect(within(el).getByTestId('market-card-status')).toHaveTextContent(label);
    expect(within(el).getByTestId('market-card-progress')).toHaveTextContent('40%');
    expect(within(el).queryByTestId('market-install')).toBeNull();
    expect(within(el).getByTestId('market-details')).toHaveTextContent(buttonText('详情'));
  });

  it('shows an installed app with its details button, and a disabled one as 已停用', () => {
    const el = card(installedCard({ enabled: false }));
    expect(within(el).getByTestId('market-card-status')).toHaveTextContent('已安装');
    expect(within(el).getByTestId('market-disabled')).toHaveTextContent('已停用');
    expect(within(el).queryByTestId('market-update')).toBeNull();
    expect(within(el).queryByTestId('market-old-version')).toBeNull();
    fireEvent.click(within(el).getByTestId('market-details'));
    expect(open).toHaveBeenCalledWith('/admin/web/addons/market/details/acme-report%401.2.0', '_blank', 'noopener');
  });

  it('offers an update with the installed version struck through beside the new one', () => {
    const el = card(installedCard({ localVersion: '1.1.0', version: '1.2.0', updateStatus: 1 }));
    expect(within(el).queryByTestId('market-disabled')).toBeNull();
    expect(within(el).getByTestId('market-old-version').tagName).toBe('DEL');
    expect(within(el).getByTestId('market-old-version')).toHaveTextContent('1.1.0');
    expect(within(el).getByTestId('market-new-version')).toHaveTextContent('1.2.0');
    expect(within(el).queryByTestId('market-details')).toBeNull();
    fireEvent.click(within(el).getByTestId('market-update'));
    expect(within(el).getByTestId('market-update')).toHaveTextContent(buttonText('更新'));
    expect(open).toHaveBeenCalledWith('/admin/web/addons/market/details/acme-report%401.2.0', '_blank', 'noopener');
  });

  it('says why the last install failed and offers to install again', () => {
    const el = card(testCard({ installStatus: -1, error: 'The package checksum does not match the catalogue' }));
    expect(within(el).getByTestId('market-card-status')).toHaveTextContent('安装失败');
    expect(within(el).getByTestId('market-card-error')).toHaveTextContent('The package checksum does not match the catalogue');
    expect(within(el).getByTestId('market-install')).toBeInTheDocument();
  });

  it('reads the title in the selected language, else in zh-CN', () => {
    setLocale('en-US');
    const el = card(testCard({ title: { 'zh-CN': '报表', 'en-US': 'Reports' } }));
    expect(within(el).getByText('Reports')).toBeInTheDocument();
    expect(within(el).getByTestId('market-install')).toHaveTextContent('Install');
    act(() => setLocale('zh-TW'));
    const other = card(testCard({ name: 'other', title: { 'zh-CN': '其他', 'en-US': 'Other' } }));
    expect(within(other).getByText('其他')).toBeInTheDocument();
  });
});
