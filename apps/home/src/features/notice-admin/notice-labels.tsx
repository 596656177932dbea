import { Tag } from 'antd';
import { useCallback } from 'react';
import { NOTICE_LEVEL, NOTICE_RANGE, NOTICE_STATE, type NoticeAdminRow } from '@uc/contracts';
import { useT } from '@uc/client';

const LEVEL_COLORS: Record<number, string> = { [NOTICE_LEVEL.normal]: 'default', [NOTICE_LEVEL.important]: 'orange', [NOTICE_LEVEL.urgent]: 'red' };
const STATE_COLORS: Record<number, string> = { [NOTICE_STATE.draft]: 'default', [NOTICE_STATE.published]: 'success', [NOTICE_STATE.withdrawn]: 'warning' };

export const LEVELS = [NOTICE_LEVEL.normal, NOTICE_LEVEL.important, NOTICE_LEVEL.urgent] as const;
export const RANGES = [NOTICE_RANGE.everyone, NOTICE_RANGE.tenant, NOTICE_RANGE.users] as const;
export const STATES = [NOTICE_STATE.draft, NOTICE_STATE.published, NOTICE_STATE.withdrawn] as const;

/** 1 normal, 2 important, 3 urgent. */
export function NoticeLevelTag({ level }: { level: number }) {
  const t = useT();
  return <Tag color={LEVEL_COLORS[level] ?? 'default'}>{LEVEL_COLORS[level] ? t(`home.notice.level.${level}`) : String(level)}</Tag>;
}

/** 0 draft, 1 published, 2 withdrawn. */
export function NoticeStateTag({ state }: { state: number }) {
  const t = useT();
  return <Tag color={STATE_COLORS[state] ?? 'default'}>{STATE_COLORS[state] ? t(`home.notice.state.${state}`) : String(state)}</Tag>;
}

/** Who a notice reaches, in words: everyone, one tenant (named when it is another one), or n chosen users. */
export function useRangeText(): (row: Pick<NoticeAdminRow, 'rangeType' | 'targetTenantName' | 'recipientCount'>) => string {
  const t = useT();
  return useCallback(
    (row) => {
      const range = RANGES.includes(row.rangeType as 1 | 2 | 3) ? t(`home.notice.range.${row.rangeType}`) : String(row.rangeType);
      const parts = [range];
      if (row.targetTenantName) parts.push(row.targetTenantName);
      if (row.rangeType === NOTICE_RANGE.users) parts.push(t('home.notice.recipientCount', { count: row.recipientCount }));
      return parts.join(' · ');
    },
    [t],
  );
}
