import { Tag } from 'antd';
import { BindStatus } from '@uc/contracts';
import { useT } from '@uc/client';

/** Colour and text key of each bind status; a value this console does not know reads as unbound. */
const LOOK: Record<number, { color?: string; key: string }> = {
  [BindStatus.unbound]: { key: 'pt.bind.status.unbound' },
  [BindStatus.bound]: { color: 'success', key: 'pt.bind.status.bound' },
  [BindStatus.failed]: { color: 'error', key: 'pt.bind.status.failed' },
  [BindStatus.expired]: { color: 'warning', key: 'pt.bind.status.expired' },
};

/** The bind status (BindStatus) as a tag: 未绑定, 已绑定, 校验失败, 已过期. */
export function BindStatusTag({ status }: { status: number }) {
  const t = useT();
  const look = LOOK[status] ?? LOOK[BindStatus.unbound]!;
  return <Tag color={look.color}>{t(look.key)}</Tag>;
}
