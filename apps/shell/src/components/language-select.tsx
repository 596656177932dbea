import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { LOCALES, setLocale, useLocale, useT } from '@uc/client';

/** How long the menu stays open after the pointer leaves it (spec section 9: popup mouse-leave delay 0.1 s). */
export const LEAVE_DELAY_MS = 100;

// GlobalOutlined from @ant-design/icons-svg (MIT), the header's language icon, inlined: the login
// page loads no icon package.
const GLOBE =
  'M854.4 800.9c.2-.3.5-.6.7-.9C920.6 722.1 960 621.7 960 512s-39.4-210.1-104.8-288c-.2-.3-.5-.5-.7-.8-1.1-1.3-2.1-2.5-3.2-3.7-.4-.5-.8-.9-1.2-1.4l-4.1-4.7-.1-.1c-1.5-1.7-3.1-3.4-4.6-5.1l-.1-.1c-3.2-3.4-6.4-6.8-9.7-10.1l-.1-.1-4.8-4.8-.3-.3c-1.5-1.5-3-2.9-4.5-4.3-.5-.5-1-1-1.6-1.5-1-1-2-1.9-3-2.8-.3-.3-.7-.6-1-1C736.4 109.2 629.5 64 512 64s-224.4 45.2-304.3 119.2c-.3.3-.7.6-1 1-1 .9-2 1.9-3 2.9-.5.5-1 1-1.6 1.5-1.5 1.4-3 2.9-4.5 4.3l-.3.3-4.8 4.8-.1.1c-3.3 3.3-6.5 6.7-9.7 10.1l-.1.1c-1.6 1.7-3.1 3.4-4.6 5.1l-.1.1c-1.4 1.5-2.8 3.1-4.1 4.7-.4.5-.8.9-1.2 1.4-1.1 1.2-2.1 2.5-3.2 3.7-.2.3-.5.5-.7.8C103.4 301.9 64 402.3 64 512s39.4 210.1 104.8 288c.2.3.5.6.7.9l3.1 3.7c.4.5.8.9 1.2 1.4l4.1 4.7c0 .1.1.1.1.2 1.5 1.7 3 3.4 4.6 5l.1.1c3.2 3.4 6.4 6.8 9.6 10.1l.1.1c1.6 1.6 3.1 3.2 4.7 4.7l.3.3c3.3 3.3 6.7 6.5 10.1 9.6 80.1 74 187 119.2 304.5 119.2s224.4-45.2 304.3-119.2a300 300 0 0010-9.6l.3-.3c1.6-1.6 3.2-3.1 4.7-4.7l.1-.1c3.3-3.3 6.5-6.7 9.6-10.1l.1-.1c1.5-1.7 3.1-3.3 4.6-5 0-.1.1-.1.1-.2 1.4-1.5 2.8-3.1 4.1-4.7.4-.5.8-.9 1.2-1.4a99 99 0 003.3-3.7zm4.1-142.6c-13.8 32.6-32 62.8-54.2 90.2a444.07 444.07 0 00-81.5-55.9c11.6-46.9 18.8-98.4 20.7-152.6H887c-3 40.9-12.6 80.6-28.5 118.3zM887 484H743.5c-1.9-54.2-9.1-105.7-20.7-152.6 29.3-15.6 56.6-34.4 81.5-55.9A373.86 373.86 0 01887 484zM658.3 165.5c39.7 16.8 75.8 40 107.6 69.2a394.72 394.72 0 01-59.4 41.8c-15.7-45-35.8-84.1-59.2-115.4 3.7 1.4 7.4 2.9 11 4.4zm-90.6 700.6c-9.2 7.2-18.4 12.7-27.7 16.4V697a389.1 389.1 0 01115.7 26.2c-8.3 24.6-17.9 47.3-29 67.8-17.4 32.4-37.8 58.3-59 75.1zm59-633.1c11 20.6 20.7 43.3 29 67.8A389.1 389.1 0 01540 327V141.6c9.2 3.7 18.5 9.1 27.7 16.4 21.2 16.7 41.6 42.6 59 75zM540 640.9V540h147.5c-1.6 44.2-7.1 87.1-16.3 127.8l-.3 1.2A445.02 445.02 0 00540 640.9zm0-156.9V383.1c45.8-2.8 89.8-12.5 130.9-28.1l.3 1.2c9.2 40.7 14.7 83.5 16.3 127.8H540zm-56 56v100.9c-45.8 2.8-89.8 12.5-130.9 28.1l-.3-1.2c-9.2-40.7-14.7-83.5-16.3-127.8H484zm-147.5-56c1.6-44.2 7.1-87.1 16.3-127.8l.3-1.2c41.1 15.6 85 25.3 130.9 28.1V484H336.5zM484 697v185.4c-9.2-3.7-18.5-9.1-27.7-16.4-21.2-16.7-41.7-42.7-59.1-75.1-11-20.6-20.7-43.3-29-67.8 37.2-14.6 75.9-23.3 115.8-26.1zm0-370a389.1 389.1 0 01-115.7-26.2c8.3-24.6 17.9-47.3 29-67.8 17.4-32.4 37.8-58.4 59.1-75.1 9.2-7.2 18.4-12.7 27.7-16.4V327zM365.7 165.5c3.7-1.5 7.3-3 11-4.4-23.4 31.3-43.5 70.4-59.2 115.4-21-12-40.9-26-59.4-41.8 31.8-29.2 67.9-52.4 107.6-69.2zM165.5 365.7c13.8-32.6 32-62.8 54.2-90.2 24.9 21.5 52.2 40.3 81.5 55.9-11.6 46.9-18.8 98.4-20.7 152.6H137c3-40.9 12.6-80.6 28.5-118.3zM137 540h143.5c1.9 54.2 9.1 105.7 20.7 152.6a444.07 444.07 0 00-81.5 55.9A373.86 373.86 0 01137 540zm228.7 318.5c-39.7-16.8-75.8-40-107.6-69.2 18.5-15.8 38.4-29.7 59.4-41.8 15.7 45 35.8 84.1 59.2 115.4-3.7-1.4-7.4-2.9-11-4.4zm292.6 0c-3.7 1.5-7.3 3-11 4.4 23.4-31.3 43.5-70.4 59.2-115.4 21 12 40.9 26 59.4 41.8a373.81 373.81 0 01-107.6 69.2z';

/** antd's Dropdown menu in the light theme (tokens of the console's theme), drawn without antd. */
const css = `
.uc-lang { position: relative; display: inline-flex; }
.uc-lang-trigger { display: inline-flex; align-items: center; height: 32px; padding: 0 12px; border: 0; border-radius: 6px;
  background: transparent; color: rgba(0,0,0,.88); font-size: 16px; cursor: pointer; }
.uc-lang-trigger:hover { background: rgba(0,0,0,.04); }
.uc-lang-trigger:focus-visible, .uc-lang-item:focus-visible { outline: 2px solid #91caff; outline-offset: 1px; }
.uc-lang-trigger svg { width: 1em; height: 1em; fill: currentColor; }
.uc-lang-menu { position: absolute; top: calc(100% + 4px); inset-inline-end: 0; z-index: 1050; min-width: 140px; max-height: 70vh;
  overflow: auto; margin: 0; padding: 4px; list-style: none; background: #fff; border-radius: 8px; outline: none;
  box-shadow: 0 6px 16px 0 rgba(0,0,0,.08), 0 3px 6px -4px rgba(0,0,0,.12), 0 9px 28px 8px rgba(0,0,0,.05); }
.uc-lang-item { padding: 5px 12px; border-radius: 4px; font-size: 14px; line-height: 22px; color: rgba(0,0,0,.88);
  cursor: pointer; white-space: nowrap; }
.uc-lang-item.uc-active { background: rgba(0,0,0,.04); }
.uc-lang-item[aria-checked='true'] { color: #1890ff; background: #e6f7ff; }
`;

/**
 * The language selector of the login page: the header's control (globe button, a menu of the
 * languages with the current one marked, open on hover or click) drawn without antd, which the login
 * page cannot carry (DESIGN.md section 8: 250 KB gzip; the shared antd alone is ~400 KB). A WAI-ARIA
 * menu button: Enter, Space or the arrow keys open it on the current language; arrows, Home and End
 * move; Enter or Space choose; Escape closes and gives the focus back; Tab leaves.
 */
export function LanguageSelect() {
  const t = useT();
  const { locale } = useLocale();
  const current = Math.max(
    0,
    LOCALES.findIndex((l) => l.code === locale),
  );
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(current);
  /** Whether opening moves the focus into the menu (keyboard) or leaves it where it is (pointer). */
  const [focusMenu, setFocusMenu] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLLIElement | null)[]>([]);
  const leaveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const menuId = useId();

  const show = (index: number, withFocus: boolean) => {
    clearTimeout(leaveTimer.current);
    setActive(index);
    setFocusMenu(withFocus);
    setOpen(true);
  };
  const hide = (returnFocus: boolean) => {
    clearTimeout(leaveTimer.current);
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };
  const choose = (code: string) => {
    hide(true);
    if (code !== locale) setLocale(code);
  };

  useEffect(() => {
    if (open && focusMenu) items.current[active]?.focus();
  }, [open, focusMenu, active]);
  // A press anywhere else closes it, as antd's dropdown does.
  useEffect(() => {
    if (!open) return undefined;
    const outside = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);
  useEffect(() => () => clearTimeout(leaveTimer.current), []);

  const onButtonKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp' || e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (open && (e.key === 'Enter' || e.key === ' ')) hide(false);
      else show(current, true);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      hide(false);
    }
  };
  const onMenuKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const last = LOCALES.length - 1;
    const move = (index: number) => {
      e.preventDefault();
      setFocusMenu(true);
      setActive(index);
    };
    if (e.key === 'ArrowDown') move(active >= last ? 0 : active + 1);
    else if (e.key === 'ArrowUp') move(active <= 0 ? last : active - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(last);
    else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      choose(LOCALES[active]!.code);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      hide(true);
    } else if (e.key === 'Tab') hide(false);
  };

  return (
    <div
      ref={root}
      className="uc-lang"
      data-testid="language-select"
      onMouseEnter={() => !open && show(current, false)}
      onMouseLeave={() => {
        clearTimeout(leaveTimer.current);
        leaveTimer.current = setTimeout(() => setOpen(false), LEAVE_DELAY_MS);
      }}
    >
      <style>{css}</style>
      <button
        ref={button}
        type="button"
        className="uc-lang-trigger"
        aria-label={t('app.language')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onKeyDown={onButtonKeyDown}
        // A pointer opens it (hovering already may have); keys are handled above.
        onClick={(e) => e.detail > 0 && show(current, false)}
      >
        <svg viewBox="64 64 896 896" aria-hidden focusable="false">
          <path d={GLOBE} />
        </svg>
      </button>
      {open ? (
        <ul id={menuId} role="menu" aria-label={t('app.language')} className="uc-lang-menu" onKeyDown={onMenuKeyDown}>
          {LOCALES.map((l, i) => (
            <li
              key={l.code}
              ref={(el) => {
                items.current[i] = el;
              }}
              role="menuitemradio"
              aria-checked={l.code === locale}
              tabIndex={i === active ? 0 : -1}
              lang={l.code}
              className={i === active ? 'uc-lang-item uc-active' : 'uc-lang-item'}
              onMouseEnter={() => setActive(i)}
              onClick={() => choose(l.code)}
            >
              {l.label}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
