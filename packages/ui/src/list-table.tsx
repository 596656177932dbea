import { Flex, Table, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import type { ReactNode } from 'react';
import { useLocale, useT } from '@uc/client';
import { ListToolbar } from './list-toolbar';
import { useTableSettings } from './table-settings';
import type { ListQueryResult } from './use-list-query';

export interface ListTableProps<Row> {
  query: ListQueryResult<Row>;
  columns: TableProps<Row>['columns'];
  rowKey: keyof Row & string;
  searchPlaceholder?: string;
  /** Buttons shown at the right of the search box (create, export...). */
  toolbar?: ReactNode;
  /** What an empty list says instead of 暂无数据: what to do next (create one, widen the filter). */
  emptyText?: ReactNode;
  /** Row props, such as a click that opens the row. */
  onRow?: TableProps<Row>['onRow'];
  /** Checkboxes to choose rows (useBatchActions' rowSelection). */
  rowSelection?: TableProps<Row>['rowSelection'];
  /** Shown between the toolbar and the table: the batch actions' bar. */
  above?: ReactNode;
  /**
   * Names the table for its settings kept in local storage (density: `uc.table.<tableKey>.density`),
   * one per screen ('org.user'); without it the density holds for the visit only.
   */
  tableKey?: string;
}

/** antd's sorter state becomes the API's `sort` (`field` / `-field`); columns sort by their key. */
export function sorterToSort<Row>(sorter: SorterResult<Row> | SorterResult<Row>[]): string | undefined {
  const list = (Array.isArray(sorter) ? sorter : [sorter]).filter((s) => s.order);
  const parts = list.map((s) => `${s.order === 'descend' ? '-' : ''}${String(s.columnKey ?? s.field)}`);
  return parts.length > 0 ? parts.join(',') : undefined;
}

/**
 * The total the pager works with. Past the server's cap the total is a lower bound ("more than
 * 10,000"): the pager then offers the pages up to the one on screen and, when there is one, the next.
 */
export function pagerTotal(q: { total: number; totalExact: boolean; hasNext: boolean; page: number; pageSize: number; rows: unknown[] }): number {
  if (q.totalExact) return q.total;
  const upToHere = (q.page - 1) * q.pageSize + q.rows.length;
  return Math.max(q.total, upToHere) + (q.hasNext ? 1 : 0);
}

/**
 * A server-paged antd Table with keyword search, driven by `useListQuery`; density and full screen
 * beside reload, and optional row selection with the batch actions' bar above the table.
 */
export function ListTable<Row extends object>({
  query,
  columns,
  rowKey,
  searchPlaceholder,
  toolbar,
  emptyText,
  onRow,
  rowSelection,
  above,
  tableKey,
}: ListTableProps<Row>) {
  const t = useT();
  const { locale } = useLocale();
  const settings = useTableSettings(tableKey);
  return (
    <Flex vertical gap={16} style={settings.frameStyle} data-fullscreen={settings.fullScreen || undefined}>
      <ListToolbar
        searchPlaceholder={searchPlaceholder}
        defaultKeyword={query.keyword}
        onSearch={query.setKeyword}
        onReload={query.reload}
        toolbar={toolbar}
        settings={settings.controls}
      />
      {above}
      <Table<Row>
        rowKey={rowKey}
        size={settings.density}
        {...(rowSelection ? { rowSelection } : {})}
        columns={columns}
        dataSource={query.rows}
        loading={query.loading}
        locale={{ emptyText: emptyText ?? t('list.empty') }}
        {...(onRow ? { onRow } : {})}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: query.page,
          pageSize: query.pageSize,
          total: pagerTotal(query),
          showSizeChanger: true,
          showTotal: () =>
            t(query.totalExact ? 'list.total' : 'list.totalMore', {
              total: query.totalExact ? query.total : new Intl.NumberFormat(locale).format(query.total),
            }),
        }}
        onChange={(pagination, _filters, sorter, extra) => {
          if (extra.action === 'sort') query.setSort(sorterToSort(sorter));
          else if (extra.action === 'paginate') query.setPage(pagination.current ?? 1, pagination.pageSize);
        }}
      />
    </Flex>
  );
}
