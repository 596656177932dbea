import { Flex, Spin, Typography } from 'antd';
import { useMemo } from 'react';
import { roleMenuTreeCall } from '@uc/contracts';
import { useT } from '@uc/client';
import { GrantTree, useCall } from '@uc/ui';

export interface MenuTreeFieldProps {
  /** The ticked menu ids (a Form.Item's value). */
  value?: number[];
  onChange?: (ids: number[]) => void;
}

/**
 * The menus a policy allows, as a checkable tree of the whole catalogue (directories, menus, buttons),
 * ticked by the role editor's rule (GrantTree): a page can be allowed without some of its buttons,
 * and only what the editor holds can change (the server refuses the rest). 工作台 and 升级日志 are in
 * it like any page: allowed, every user of the tenant opens them; left out, the tenant does not.
 */
export function MenuTreeField({ value, onChange }: MenuTreeFieldProps) {
  const t = useT();
  const menus = useCall(roleMenuTreeCall, {});
  const granted = useMemo(() => new Set(value ?? []), [value]);
  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">{t('tenant.policy.menus.count', { count: granted.size })}</Typography.Text>
      {/* The pages every user opens need no role: what the policy says of them is said here, once. */}
      <Typography.Text type="secondary">{t('tenant.policy.menus.open')}</Typography.Text>
      <Spin spinning={menus.loading}>
        <GrantTree tree={menus.data?.list} granted={granted} onChange={(next) => onChange?.([...next].sort((a, b) => a - b))} />
      </Spin>
    </Flex>
  );
}
