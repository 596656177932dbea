import { BellOutlined } from '@ant-design/icons';
import { Badge } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useSession, useT } from '@uc/client';
import { useUnreadCount } from './use-unread-count';

/** Spec section 2: the badge opens the private tab of my messages (/user/web/home/message/?tab=private). */
export const PRIVATE_MESSAGES_ROUTE = '/home/message/?tab=private';

export function UnreadBadge() {
  const t = useT();
  const signedIn = useSession((s) => !!s.currentUser);
  const count = useUnreadCount(signedIn);
  const navigate = useNavigate();
  if (!signedIn) return null;
  return (
    <span
      role="button"
      tabIndex={0}
      data-testid="unread-badge"
      aria-label={t('layout.messages', { count })}
      title={t('layout.messages', { count })}
      onClick={() => navigate(PRIVATE_MESSAGES_ROUTE)}
      onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && navigate(PRIVATE_MESSAGES_ROUTE)}
      style={{ cursor: 'pointer', padding: '0 12px', display: 'inline-flex', alignItems: 'center', height: '100%' }}
    >
      <Badge count={count} size="small" overflowCount={99}>
        <BellOutlined style={{ fontSize: 16 }} />
      </Badge>
    </span>
  );
}
