import { Tag } from 'antd';
import { NOTICE_LEVEL } from '@uc/contracts';
import { useT } from '@uc/client';

const COLORS: Record<number, string> = { [NOTICE_LEVEL.normal]: 'default', [NOTICE_LEVEL.important]: 'orange', [NOTICE_LEVEL.urgent]: 'red' };

/** 1 normal, 2 important, 3 urgent; a level the console does not know yet shows as its number. */
export function MessageLevelTag({ level }: { level: number }) {
  const t = useT();
  const known = COLORS[level] !== undefined;
  return <Tag color={COLORS[level] ?? 'default'}>{known ? t(`home.message.level.${level}`) : String(level)}</Tag>;
}
