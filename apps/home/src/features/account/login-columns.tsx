import { Tag, Tooltip, type TableColumnsType } from 'antd';
import { LOGIN_METHODS, LOGIN_REASONS, type ProfileLoginRow } from '@uc/contracts';

type Translate = (key: string, params?: Record<string, string | number>) => string;

const LOGIN_SUCCESS = 1;
const METHODS: readonly string[] = LOGIN_METHODS;
const REASONS: readonly string[] = LOGIN_REASONS.filter((r) => r !== 'ok');
const DEVICES = ['desktop', 'mobile', 'tablet', 'tv', 'bot'];

/** A code the server may add later is shown as it comes rather than hidden. */
const named = (t: Translate, prefix: string, known: readonly string[], value: string) => (known.includes(value) ? t(`${prefix}.${value}`) : value || '-');

/** What a device kind ("mobile") is called in the reader's language; '-' when the user agent did not say. */
export const deviceName = (t: Translate, device: string) => named(t, 'home.account.device', DEVICES, device);

/** The caller's own sign-in attempts: when, how, whether it worked (and why not), and from where. */
export function loginColumns(t: Translate, formatTime: (iso: string) => string): TableColumnsType<ProfileLoginRow> {
  return [
    { key: 'createdAt', dataIndex: 'createdAt', title: t('home.account.login.time'), sorter: true, render: formatTime },
    { key: 'method', dataIndex: 'method', title: t('home.account.login.method'), render: (m: string) => named(t, 'home.account.login.method', METHODS, m) },
    {
      key: 'result',
      dataIndex: 'result',
      title: t('home.account.login.result'),
      render: (result: number, r) =>
        result === LOGIN_SUCCESS ? (
          <Tag color="success">{t('home.account.login.success')}</Tag>
        ) : (
          <>
            <Tag color="error">{t('home.account.login.failure')}</Tag>
            {named(t, 'home.account.login.reason', REASONS, r.reason)}
          </>
        ),
    },
    { key: 'ip', dataIndex: 'ip', title: t('home.account.login.ip'), render: (ip: string) => ip || '-' },
    {
      key: 'browser',
      dataIndex: 'browser',
      title: t('home.account.login.browser'),
      // The parsed name, with the raw user agent for whoever needs the detail.
      render: (browser: string, r) => <Tooltip title={r.userAgent || undefined}>{browser || '-'}</Tooltip>,
    },
    { key: 'os', dataIndex: 'os', title: t('home.account.login.os'), render: (os: string) => os || '-' },
    { key: 'device', dataIndex: 'device', title: t('home.account.login.device'), render: (d: string) => deviceName(t, d) },
  ];
}
