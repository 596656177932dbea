import { Flex, Table, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useState, type Key, type ReactNode } from 'react';
import { useT } from '@uc/client';
import { ListToolbar } from './list-toolbar';
import { treeRows } from './tree-rows';
import type { CallState } from './use-call';

type TreeRow = { id: number; children?: TreeRow[] };

export interface TreeTableProps<Row extends TreeRow> {
  /** The tree list's answer (`useCall(deptListCall, …)`). */
  list: CallState<{ list: Row[] }>;
  columns: TableColumnsType<Row>;
  searchPlaceholder?: string;
  /** The keyword to filter the tree by (the page turns it into its list call's query). */
  onSearch: (keyword: string) => void;
  /** Buttons shown at the right of the search box (create...). */
  toolbar?: ReactNode;
}

const allIds = (nodes: readonly TreeRow[]): number[] => nodes.flatMap((n) => [n.id, ...allIds(n.children ?? [])]);

/**
 * A whole tree (departments, menus, roles) as one table with keyword search and reload. Every answer
 * opens all rows, so search results are visible however deep they are; leaves have no expand control.
 */
export function TreeTable<Row extends TreeRow>({ list, columns, searchPlaceholder, onSearch, toolbar }: TreeTableProps<Row>) {
  const t = useT();
  const rows = useMemo(() => treeRows<TreeRow>(list.data?.list ?? []) as Row[], [list.data]);
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  useEffect(() => setExpanded(allIds(rows)), [rows]);
  return (
    <Flex vertical gap={16}>
      <ListToolbar searchPlaceholder={searchPlaceholder} onSearch={onSearch} onReload={list.reload} toolbar={toolbar} />
      <Table<Row>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={list.loading}
        locale={{ emptyText: t('list.empty') }}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: setExpanded }}
      />
    </Flex>
  );
}
