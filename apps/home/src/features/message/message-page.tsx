import { Alert, Badge, Card, Flex, Tabs } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { noticeCountAllCall, profileNotificationCall, type NoticeKind, type NoticePreferences } from '@uc/contracts';
import { useT } from '@uc/client';
import { useCall } from '@uc/ui';
import { MessageList } from './message-list';
import { kindOfTab, TAB_OF_KIND } from './message-paths';

const KINDS: readonly NoticeKind[] = ['notice', 'letter'];

/**
 * /home/message: notices (公告) and private letters (私信) published to the signed-in user, each tab
 * with its unread count. The tab lives in the address (?tab=public|private), so the header's badge
 * opens the letters and a reload or a shared link keeps the tab.
 */
export function MessagePage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const kind = kindOfTab(params.get('tab'));
  const counts = useCall(noticeCountAllCall, {});
  const switches = useCall(profileNotificationCall, {});

  const label = (k: NoticeKind) => {
    const unread = counts.data?.[k].unread ?? 0;
    return (
      <Flex gap={6} align="center">
        {t(`home.message.tab.${k}`)}
        {unread > 0 && <Badge count={unread} size="small" overflowCount={99} title={t('home.message.unreadCount', { count: unread })} />}
      </Flex>
    );
  };

  return (
    <Card title={t('home.message.title')}>
      <Tabs
        activeKey={kind}
        onChange={(key) =>
          setParams(
            (p) => {
              p.set('tab', TAB_OF_KIND[key as NoticeKind]);
              return p;
            },
            { replace: true },
          )
        }
        items={KINDS.map((k) => ({
          key: k,
          label: label(k),
          children: (
            <>
              <SwitchedOff kind={k} switches={switches.data} />
              <MessageList kind={k} unread={counts.data?.[k].unread} onMarked={counts.reload} />
            </>
          ),
        }))}
      />
    </Card>
  );
}

/** The user's notification switch that keeps this tab's messages out of the list (they chose it). */
const SWITCH_OF_KIND: Record<NoticeKind, readonly (keyof NoticePreferences)[]> = { notice: ['notices', 'system'], letter: ['letters'] };

/** Says why a list may be missing messages and where to switch them on again. */
function SwitchedOff({ kind, switches }: { kind: NoticeKind; switches: NoticePreferences | undefined }) {
  const t = useT();
  const off = switches ? SWITCH_OF_KIND[kind].filter((s) => !switches[s]) : [];
  if (off.length === 0) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="switched-off"
      title={t('home.message.switchedOff', { kinds: off.map((s) => t(`home.message.switch.${s}`)).join(t('home.message.switch.separator')) })}
      action={<Link to="/home/account?view=settings&tab=notification">{t('home.message.switchedOff.settings')}</Link>}
    />
  );
}
