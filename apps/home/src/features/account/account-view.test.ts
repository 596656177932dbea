import { accountSearchOf, accountViewOf } from './account-view';

const view = (search: string) => accountViewOf(new URLSearchParams(search));

describe('accountViewOf', () => {
  it('reads the view and the settings tab from the query string', () => {
    expect(view('')).toEqual({ view: 'center' });
    expect(view('view=center')).toEqual({ view: 'center' });
    expect(view('view=settings')).toEqual({ view: 'settings', tab: 'basic' });
    expect(view('view=settings&tab=security')).toEqual({ view: 'settings', tab: 'security' });
    expect(view('view=settings&tab=binding')).toEqual({ view: 'settings', tab: 'binding' });
  });

  it('opens the nearest known place for an address naming nothing known', () => {
    expect(view('view=nonsense&tab=security')).toEqual({ view: 'center' });
    expect(view('view=settings&tab=nonsense')).toEqual({ view: 'settings', tab: 'basic' });
  });

  it('writes back what it reads', () => {
    for (const search of ['view=center', 'view=settings&tab=withdrawal', 'view=settings&tab=notification']) {
      expect(accountSearchOf(view(search)).toString()).toBe(search);
    }
  });
});
