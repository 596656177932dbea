import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { type DashboardAttention } from '@uc/contracts';
import { setLocale } from '@uc/client';
import { registerHomeMessages } from '../../locales';
import { testAttention, testWorkplace } from './dashboard-test-data';
import { WorkplaceAttention } from './workplace-attention';

beforeAll(() => registerHomeMessages());
beforeEach(() => setLocale('zh-CN'));

const { serverTime } = testWorkplace();

/** Where a link took the router (every other path). */
function Landed() {
  const { pathname } = useLocation();
  return <div data-testid="landed">{pathname}</div>;
}

const renderCard = (attention: DashboardAttention | null) =>
  render(
    <MemoryRouter initialEntries={['/dashboard/workplace']}>
      <Routes>
        <Route path="/dashboard/workplace" element={<WorkplaceAttention attention={attention} serverTime={serverTime} />} />
        <Route path="*" element={<Landed />} />
      </Routes>
    </MemoryRouter>,
  );

describe('WorkplaceAttention', () => {
  it('lists the tenants whose licence ended or ends soon, with their last day, each opening its details page', () => {
    renderCard(testAttention());
    const card = screen.getByTestId('workplace-attention');
    expect(within(card).getByText('需要关注')).toBeInTheDocument();
    const tenants = screen.getByTestId('attention-tenants');
    expect(within(tenants).getByText('授权将在 30 天内到期或已到期的租户（共 12 个，显示最早的 2 个）')).toBeInTheDocument();
    expect(within(tenants).getByText('授权到 2026-03-01')).toBeInTheDocument();
    expect(within(tenants).getByText('已到期')).toBeInTheDocument();
    // Licensed through the 8th, seen on the 4th: the 4th to the 8th.
    expect(within(tenants).getByText('授权到 2026-03-08')).toBeInTheDocument();
    expect(within(tenants).getByText('剩 5 天')).toBeInTheDocument();
    const link = within(tenants).getByRole('link', { name: '云帆制造' });
    expect(link).toHaveAttribute('href', '/tenant/details/32');
    fireEvent.click(link);
    expect(screen.getByTestId('landed')).toHaveTextContent('/tenant/details/32');
  });

  it('lists the remotes not answering (to the monitor) and the failed addon jobs with their reason (to the market details)', () => {
    renderCard(testAttention());
    const remotes = screen.getByTestId('attention-remotes');
    expect(within(remotes).getByText('返回错误 502')).toBeInTheDocument();
    expect(within(remotes).getByRole('link', { name: 'acme-map 1.4.0' })).toHaveAttribute('href', '/dashboard/monitor');
    const addons = screen.getByTestId('attention-addons');
    expect(within(addons).getByText('安装包校验失败，请重新安装')).toBeInTheDocument();
    expect(within(addons).getByRole('link', { name: 'acme-report 1.2.0' })).toHaveAttribute('href', '/addons/market/details/acme-report%401.2.0');
  });

  it('says all is well when every list it got is empty', () => {
    renderCard(testAttention({ tenants: { total: 0, list: [] }, remotes: [], addons: [] }));
    expect(screen.getByTestId('attention-all-well')).toHaveTextContent('一切正常');
    expect(screen.queryByTestId('attention-tenants')).toBeNull();
  });

  it('shows only the lists the server sent, an empty one saying so', () => {
    renderCard(testAttention({ tenants: null, remotes: [] }));
    expect(screen.queryByTestId('attention-tenants')).toBeNull();
    expect(screen.getByTestId('attention-remotes')).toHaveTextContent('每个已启用的远程模块都能访问');
    expect(screen.getByTestId('attention-addons')).toHaveTextContent('acme-report');
  });

  it('is left out when the caller may see none of it', () => {
    const { container } = renderCard(null);
    expect(container).toBeEmptyDOMElement();
    renderCard({ tenants: null, remotes: null, addons: null });
    expect(screen.queryByTestId('workplace-attention')).toBeNull();
  });

  it('reads in English too', () => {
    setLocale('en-US');
    renderCard(testAttention({ tenants: { total: 1, list: testAttention().tenants!.list.slice(1) } }));
    expect(screen.getByText('Needs attention')).toBeInTheDocument();
    expect(screen.getByText('Tenants whose licence ends within 30 days or has ended')).toBeInTheDocument();
    expect(screen.getByText('Days left: 5')).toBeInTheDocument();
    expect(screen.getByText('Licensed through 2026-03-08')).toBeInTheDocument();
  });
});
