import { Flex, Table, type TableColumnsType, type TableProps } from 'antd';
import { useEffect, useMemo, useState, type Key, type ReactNode } from 'react';
import { useT } from '@uc/client';
import { ListToolbar } from './list-toolbar';
import { useTableSettings } from './table-settings';
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
  /** Checkboxes to choose rows, each on its own (useBatchActions' rowSelection). */
  rowSelection?: TableProps<Row>['rowSelection'];
  /** Shown between the toolbar and the table: the batch actions' bar. */
  above?: ReactNode;
  /** Names the table for its density kept in local storage (see ListTable). */
  tableKey?: string;
}

const allIds = (nodes: readonly TreeRow[]): number[] => nodes.flatMap((n) => [n.id, ...allIds(n.children ?? [])]);

/**
 * A whole tree (departments, menus, roles) as one table with keyword search and reload. Every answer
 * opens all rows, so search results are visible however deep they are; leaves have no expand control.
 */
export function TreeTable<Row extends TreeRow>({ list, columns, searchPlaceholder, onSearch, toolbar, rowSelection, above, tableKey }: TreeTableProps<Row>) {
  const t = useT();
  const settings = useTableSettings(tableKey, 'middle');
  const rows = useMemo(() => treeRows<TreeRow>(list.data?.list ?? []) as Row[], [list.data]);
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  useEffect(() => setExpanded(allIds(rows)), [rows]);
  return (
    <Flex vertical gap={16} style={settings.frameStyle} data-fullscreen={settings.fullScreen || undefined}>
      <ListToolbar searchPlaceholder={searchPlaceholder} onSearch={onSearch} onReload={list.reload} toolbar={toolbar} settings={settings.controls} />
      {above}
      <Table<Row>
        rowKey="id"
        size={settings.density}
        // A parent and its children are chosen each on their own (deleting a parent is refused while it has children).
        {...(rowSelection ? { rowSelection: { checkStrictly: true, ...rowSelection } } : {})}
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
