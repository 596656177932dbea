import { ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Input } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '@uc/client';

export interface ListToolbarProps {
  searchPlaceholder?: string | undefined;
  defaultKeyword?: string | undefined;
  onSearch: (keyword: string) => void;
  onReload: () => void;
  /** Buttons shown at the right of the search box (create, export...). */
  toolbar?: ReactNode;
  /** The table's own controls, after reload (density, full screen: useTableSettings). */
  settings?: ReactNode;
}

/** The row above every table: keyword search on the left, the page's buttons, reload and the table's settings on the right. */
export function ListToolbar({ searchPlaceholder, defaultKeyword, onSearch, onReload, toolbar, settings }: ListToolbarProps) {
  const t = useT();
  return (
    <Flex justify="space-between" gap={8} wrap>
      <Input.Search
        allowClear
        style={{ maxWidth: 320 }}
        placeholder={searchPlaceholder ?? t('list.search.placeholder')}
        defaultValue={defaultKeyword}
        onSearch={(value) => onSearch(value.trim())}
      />
      <Flex gap={8} wrap>
        {toolbar}
        <Button icon={<ReloadOutlined />} onClick={onReload} aria-label={t('list.reload')} />
        {settings}
      </Flex>
    </Flex>
  );
}
