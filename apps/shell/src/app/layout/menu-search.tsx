import { EnterOutlined, SearchOutlined } from '@ant-design/icons';
import { Input, Modal, Typography, type InputRef } from 'antd';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSession, useT } from '@uc/client';
import { menuText } from '../../components/menu-text';
import { matchEntries, searchEntries, type SearchEntry } from './menu-search-entries';

const isExternal = (path: string) => /^https?:\/\//i.test(path);

/** Ctrl+K, or ⌘K on a Mac: the shortcut of every command palette the user knows. */
export const isSearchShortcut = (e: Pick<globalThis.KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean =>
  (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k';

const onMac = () => /Mac|iPhone|iPad/i.test(globalThis.navigator?.platform ?? '');

/**
 * The menu search: a header button and Ctrl+K (⌘K) open it over the pages of the user's menu, the
 * arrows choose, Enter opens (an http address in a new window, as the side menu does), Esc closes.
 * `disabled` while the console is locked: the shortcut must not reach the page behind the lock screen.
 */
export function MenuSearch({ disabled = false }: { disabled?: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const menu = useSession((s) => s.adminMenu);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<InputRef>(null);
  const listId = useId();
  const entries = useMemo(() => searchEntries(menu, (m) => menuText(m, t)), [menu, t]);
  const found = useMemo(() => matchEntries(entries, query), [entries, query]);
  const keys = onMac() ? '⌘ K' : 'Ctrl K';

  useEffect(() => {
    if (disabled) return undefined;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (!isSearchShortcut(e)) return;
      // The browser's own Ctrl+K (its address bar search) would take the focus away from the console.
      e.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [disabled]);
  useEffect(() => {
    if (disabled) setOpen(false);
  }, [disabled]);
  useEffect(() => setActive(0), [query]);
  useEffect(() => {
    document.getElementById(`${listId}-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, listId]);

  const close = () => {
    setOpen(false);
    setQuery('');
  };
  const go = (entry: SearchEntry | undefined) => {
    if (!entry) return;
    close();
    if (isExternal(entry.path)) window.open(entry.path, '_blank', 'noopener');
    else void navigate(entry.path);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const last = found.length - 1;
    if (e.key === 'ArrowDown') setActive((i) => (i >= last ? 0 : i + 1));
    else if (e.key === 'ArrowUp') setActive((i) => (i <= 0 ? Math.max(last, 0) : i - 1));
    else if (e.key === 'Home' && e.ctrlKey) setActive(0);
    else if (e.key === 'End' && e.ctrlKey) setActive(Math.max(last, 0));
    else if (e.key === 'Enter' && !e.nativeEvent.isComposing) go(found[active]);
    else return;
    e.preventDefault();
  };

  return (
    <>
      <span
        role="button"
        tabIndex={0}
        data-testid="menu-search-button"
        aria-label={t('layout.search.shortcut', { keys })}
        aria-keyshortcuts="Control+K Meta+K"
        title={t('layout.search.shortcut', { keys })}
        onClick={() => setOpen(true)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' && e.key !== ' ') return;
          e.preventDefault();
          setOpen(true);
        }}
        className="uc-header-action"
        style={{ cursor: 'pointer', padding: '0 12px', fontSize: 16, display: 'inline-flex', alignItems: 'center', height: '100%' }}
      >
        <SearchOutlined />
      </span>
      <Modal
        open={open}
        onCancel={close}
        footer={null}
        title={t('layout.search.label')}
        width={560}
        destroyOnHidden
        afterOpenChange={(visible) => visible && input.current?.focus()}
        styles={{ body: { paddingTop: 8 } }}
      >
        <Input
          ref={input}
          autoFocus
          size="large"
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          placeholder={t('layout.search.placeholder')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={onKeyDown}
          role="combobox"
          aria-label={t('layout.search.label')}
          aria-expanded
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={found.length > 0 ? `${listId}-${active}` : undefined}
          data-testid="menu-search-input"
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={t('layout.search.label')}
          data-testid="menu-search-results"
          style={{ listStyle: 'none', margin: '12px 0 0', padding: 0, maxHeight: 'min(360px, 50vh)', overflowY: 'auto' }}
        >
          {found.map((entry, i) => (
            <li
              key={entry.key}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => e.preventDefault()}
              onMouseMove={() => i !== active && setActive(i)}
              onClick={() => go(entry)}
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: 8,
                padding: '8px 12px',
                borderRadius: 6,
                cursor: 'pointer',
                background: i === active ? 'rgba(24,144,255,0.10)' : undefined,
              }}
            >
              <span style={{ flex: 1, minWidth: 0 }}>
                <span style={{ display: 'block' }}>{entry.title}</span>
                {entry.trail.length > 0 ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {entry.trail.join(' / ')}
                  </Typography.Text>
                ) : null}
              </span>
              {i === active ? <EnterOutlined aria-hidden /> : null}
            </li>
          ))}
        </ul>
        {found.length === 0 ? (
          <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0', textAlign: 'center' }} role="status">
            {t('layout.search.empty')}
          </Typography.Paragraph>
        ) : null}
        <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0', fontSize: 12 }}>
          {t('layout.search.hint')}
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
