import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import JumpPage from './jump-page';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="landed">{pathname + search}</p>;
}

const at = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/user/jump" element={<JumpPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

describe('/user/jump', () => {
  it('forwards to an address inside the console, anything else to the dashboard', () => {
    const { unmount } = at(`/user/jump?redirect=${encodeURIComponent(`${location.origin}/user/web/org/user?x=1`)}`);
    expect(screen.getByTestId('landed')).toHaveTextContent('/org/user?x=1');
    unmount();
    at(`/user/jump?redirect=${encodeURIComponent('https://evil.example/user/web/org/user')}`);
    expect(screen.getByTestId('landed')).toHaveTextContent('/dashboard');
  });

  it('never takes a token from the address', () => {
    localStorage.removeItem('ACCESS-TOKEN');
    at('/user/jump?token=stolen&redirect=%2Fuser%2Fweb%2Fdashboard');
    expect(localStorage.getItem('ACCESS-TOKEN')).toBeNull();
  });
});
