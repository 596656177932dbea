import { act, fireEvent, render, screen } from '@testing-library/react';
import { LOCALES, setLocale } from '@uc/client';
import { registerShellMessages } from '../locales';
import { LanguageSelect, LEAVE_DELAY_MS } from './language-select';

beforeAll(() => registerShellMessages());
beforeEach(() => setLocale('zh-CN'));
afterEach(() => jest.useRealTimers());

/** A key pressed on whatever has the focus, as a keyboard would. */
const press = (key: string) => fireEvent.keyDown(document.activeElement!, { key });
const lastLabel = LOCALES[LOCALES.length - 1]!.label;

describe('LanguageSelect (the login page language menu)', () => {
  it('is a menu button, like the header control: every language offered, the current one checked', () => {
    render(<LanguageSelect />);
    const button = screen.getByRole('button', { name: '语言' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    fireEvent.click(button, { detail: 1 });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('menuitemradio').map((i) => i.textContent)).toEqual(LOCALES.map((l) => l.label));
    expect(screen.getByRole('menuitemradio', { name: '简体中文' })).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'English' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en-US');
    expect(screen.getByRole('button', { name: 'Language' })).toHaveFocus();
  });

  it('works from the keyboard: Enter opens on the current language, arrows move (and wrap), Enter chooses', () => {
    render(<LanguageSelect />);
    const button = screen.getByRole('button', { name: '语言' });
    expect(button.tabIndex).toBe(0);
    button.focus();
    press('Enter');
    expect(screen.getByRole('menuitemradio', { name: '简体中文' })).toHaveFocus();
    press('ArrowDown');
    expect(screen.getByRole('menuitemradio', { name: 'English' })).toHaveFocus();
    press('ArrowUp');
    press('ArrowUp');
    expect(screen.getByRole('menuitemradio', { name: lastLabel })).toHaveFocus();
    press('Home');
    press('ArrowDown');
    press('Enter');
    expect(document.documentElement.lang).toBe('en-US');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Language' })).toHaveFocus();
  });

  it('Space and ArrowDown open it too; Escape closes it and gives the focus back; Tab leaves it', () => {
    render(<LanguageSelect />);
    screen.getByRole('button', { name: '语言' }).focus();
    press(' ');
    expect(screen.getByRole('menu')).toBeInTheDocument();
    press('Escape');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '语言' })).toHaveFocus();
    press('ArrowDown');
    press('End');
    expect(screen.getByRole('menuitemradio', { name: lastLabel })).toHaveFocus();
    press(' ');
    expect(document.documentElement.dir).toBe('rtl');
    act(() => setLocale('zh-CN'));
    screen.getByRole('button', { name: '语言' }).focus();
    press('ArrowDown');
    press('Tab');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('opens on hover and closes 0.1 s after the pointer leaves, or on a press elsewhere', () => {
    jest.useFakeTimers();
    render(<LanguageSelect />);
    const root = screen.getByTestId('language-select');
    fireEvent.mouseEnter(root);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    // Hovering does not take the focus from the form.
    expect(screen.getByRole('menuitemradio', { name: '简体中文' })).not.toHaveFocus();
    fireEvent.mouseLeave(root);
    act(() => void jest.advanceTimersByTime(LEAVE_DELAY_MS - 1));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    act(() => void jest.advanceTimersByTime(1));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    fireEvent.mouseEnter(root);
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
