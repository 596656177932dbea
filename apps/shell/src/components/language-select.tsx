import { LOCALES, setLocale, useLocale, useT } from '@uc/shared';

/** A native select: it works on the login page without any component library. */
export function LanguageSelect({ style }: { style?: React.CSSProperties }) {
  const t = useT();
  const { locale } = useLocale();
  return (
    <select
      aria-label={t('app.language')}
      value={locale}
      onChange={(e) => setLocale(e.target.value)}
      style={{ border: '1px solid #d9d9d9', borderRadius: 6, padding: '4px 8px', background: '#fff', ...style }}
    >
      {LOCALES.map((l) => (
        <option key={l.code} value={l.code}>
          {l.label}
        </option>
      ))}
    </select>
  );
}
