import { App, Button, Flex, Modal, Progress, Table, theme, type TableProps } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { BATCH_MAX_IDS, type BatchResult, type BatchRowResult, type CallBody, type CallContract } from '@uc/contracts';
import { call, useCan, useT, useTenantScope } from '@uc/client';

/** A batch call (defineBatchCall of @uc/contracts): body `{ ids, ... }`, answer per row. */
export type BatchCall = CallContract<z.ZodType, z.ZodType, z.ZodType<BatchResult>>;

export interface BatchAction<Row> {
  key: string;
  /** The button's text, also named in the confirmation and the result (停用, 移入回收站...). */
  label: string;
  /** The call; the action shows only to users who may make it (useCan: its single-row call's permission). */
  call: BatchCall;
  danger?: boolean;
  /**
   * What the call takes besides `ids`: fixed fields (`{ status: 2 }`), or a step asking for them (a small
   * dialog, which names the count and so is the confirmation itself); undefined from it cancels.
   */
  body?: Record<string, unknown> | ((rows: Row[]) => Promise<Record<string, unknown> | undefined>);
}

export interface BatchOptions<Row> {
  actions: readonly BatchAction<Row>[];
  /** The id each row is sent as. */
  idOf: (row: Row) => number;
  /** How a refused row is named in the result (its user name, its title). */
  labelOf: (row: Row) => string;
  /** The tenant a row is acted in (a list of several tenants' users); undefined: the page's tenant scope. */
  tenantOf?: (row: Row) => number | undefined;
  /** After a run (reload the list). */
  onDone: () => void;
  /** When it changes (another list, another tenant), the selection is cleared. */
  resetKey?: unknown;
}

export interface BatchRowOutcome<Row> {
  row: Row;
  result: BatchRowResult;
}

export interface BatchRunOptions<Row> {
  call: BatchCall;
  rows: readonly Row[];
  idOf: (row: Row) => number;
  tenantOf: (row: Row) => number | undefined;
  body: Record<string, unknown>;
  /** Rows answered so far, after each call. */
  onProgress?: (answered: number, total: number) => void;
  /** Said of the rows a failed call did not get to (the API client has shown why it failed). */
  notSent: string;
}

/**
 * Sends a batch action's rows: one call per tenant and per BATCH_MAX_IDS rows (a selection across pages
 * can be longer than one call takes), one after the other so progress can be shown. A call that fails
 * as a whole (network, permission) stops the run: its rows and the rest are reported as not sent.
 */
export async function runBatch<Row>(o: BatchRunOptions<Row>): Promise<BatchRowOutcome<Row>[]> {
  const groups = new Map<number | undefined, Row[]>();
  for (const row of o.rows) {
    const tenant = o.tenantOf(row);
    groups.set(tenant, [...(groups.get(tenant) ?? []), row]);
  }
  const chunks: { tenant: number | undefined; rows: Row[] }[] = [];
  for (const [tenant, rows] of groups) {
    for (let i = 0; i < rows.length; i += BATCH_MAX_IDS) chunks.push({ tenant, rows: rows.slice(i, i + BATCH_MAX_IDS) });
  }
  const outcomes: BatchRowOutcome<Row>[] = [];
  let failed = false;
  for (const chunk of chunks) {
    if (!failed) {
      try {
        const answer = await call(o.call, {
          body: { ...o.body, ids: chunk.rows.map(o.idOf) } as CallBody<BatchCall>,
          ...(chunk.tenant !== undefined ? { tenant: chunk.tenant } : {}),
        });
        const byId = new Map(answer.results.map((r) => [r.id, r]));
        for (const row of chunk.rows) {
          outcomes.push({ row, result: byId.get(o.idOf(row)) ?? { id: o.idOf(row), done: false, status: 0, message: o.notSent } });
        }
        o.onProgress?.(outcomes.length, o.rows.length);
        continue;
      } catch {
        failed = true;
      }
    }
    for (const row of chunk.rows) outcomes.push({ row, result: { id: o.idOf(row), done: false, status: 0, message: o.notSent } });
  }
  return outcomes;
}

export interface Batch<Row> {
  /** The table's row selection; undefined when the user may use none of the actions (no checkboxes). */
  rowSelection: TableProps<Row>['rowSelection'];
  /** The bar above the table (shown while rows are selected) and the result dialog. */
  bar: ReactNode;
  selected: Row[];
}

interface Report<Row> {
  action: string;
  done: number;
  refused: BatchRowOutcome<Row>[];
}

/**
 * Row selection with batch actions, as Ant Design Pro's and RuoYi's lists have it: a bar above the table
 * says how many rows are selected (across pages) and offers the actions the user may use; an action asks
 * first, naming the count, shows its progress, and ends with what was done and, for each refused row,
 * why (the server's refusal, in the reader's language).
 */
export function useBatchActions<Row>({ actions, idOf, labelOf, tenantOf, onDone, resetKey }: BatchOptions<Row>): Batch<Row> {
  const t = useT();
  const can = useCan();
  const page = useTenantScope();
  const { modal, message } = App.useApp();
  const { token } = theme.useToken();
  const [selected, setSelected] = useState<Map<number, Row>>(() => new Map());
  const [running, setRunning] = useState<{ key: string; answered: number; total: number } | null>(null);
  const [report, setReport] = useState<Report<Row> | null>(null);
  const allowed = actions.filter((a) => can(a.call));

  useEffect(() => setSelected(new Map()), [resetKey]);

  const rows = useMemo(() => [...selected.values()], [selected]);
  const clear = () => setSelected(new Map());

  const execute = async (action: BatchAction<Row>, body: Record<string, unknown>, chosen: Row[]) => {
    setRunning({ key: action.key, answered: 0, total: chosen.length });
    try {
      const outcomes = await runBatch({
        call: action.call,
        rows: chosen,
        idOf,
        tenantOf: (row) => tenantOf?.(row) ?? page,
        body,
        notSent: t('batch.notSent'),
        onProgress: (answered, total) => setRunning({ key: action.key, answered, total }),
      });
      const refused = outcomes.filter((o) => !o.result.done);
      const done = outcomes.length - refused.length;
      if (refused.length === 0) void message.success(t('batch.done', { action: action.label, count: done }));
      else setReport({ action: action.label, done, refused });
    } finally {
      setRunning(null);
      clear();
      onDone();
    }
  };

  const start = async (action: BatchAction<Row>) => {
    const chosen = rows;
    if (typeof action.body === 'function') {
      const body = await action.body(chosen);
      if (body) await execute(action, body, chosen);
      return;
    }
    const body = action.body ?? {};
    modal.confirm({
      title: t('batch.confirm.title', { action: action.label, count: chosen.length }),
      content: t('batch.confirm.content'),
      okText: action.label,
      okButtonProps: action.danger ? { danger: true } : {},
      cancelText: t('form.cancel'),
      // The dialog closes at once; the bar shows the progress.
      onOk: () => void execute(action, body, chosen),
    });
  };

  const rowSelection: TableProps<Row>['rowSelection'] =
    allowed.length === 0
      ? undefined
      : {
          selectedRowKeys: [...selected.keys()],
          // Rows chosen on other pages stay chosen.
          preserveSelectedRowKeys: true,
          // Named in the reader's language: antd's own labels ('Select all', 'Select row 3') are English in
          // every locale (they are not in its locale tables). Its select-all box chooses the page's rows.
          getTitleCheckboxProps: () => ({ 'aria-label': t('batch.selectPage') }),
          getCheckboxProps: (row) => ({ 'aria-label': t('batch.selectRow', { name: labelOf(row) }) }),
          onChange: (keys, picked) =>
            setSelected((prev) => {
              const next = new Map<number, Row>();
              for (const key of keys) {
                const row = picked.find((r) => r !== undefined && idOf(r) === key) ?? prev.get(Number(key));
                if (row !== undefined) next.set(idOf(row), row);
              }
              return next;
            }),
        };

  const bar = (
    <>
      {rows.length > 0 && allowed.length > 0 && (
        <Flex
          role="region"
          aria-label={t('batch.region')}
          align="center"
          gap={8}
          wrap
          style={{ padding: `${token.paddingXS}px ${token.paddingSM}px`, background: token.colorFillAlter, borderRadius: token.borderRadius }}
        >
          <span>{t('batch.selected', { count: rows.length })}</span>
          <Button type="link" size="small" onClick={clear} disabled={running !== null}>
            {t('batch.clear')}
          </Button>
          {running && (
            <Flex align="center" gap={8} style={{ minWidth: 200 }}>
              <Progress
                percent={Math.round((running.answered / Math.max(running.total, 1)) * 100)}
                size="small"
                style={{ width: 120, margin: 0 }}
                aria-label={t('batch.progress', { answered: running.answered, total: running.total })}
              />
              <span>{t('batch.progress', { answered: running.answered, total: running.total })}</span>
            </Flex>
          )}
          <Flex gap={8} wrap style={{ marginInlineStart: 'auto' }}>
            {allowed.map((action) => (
              <Button
                key={action.key}
                danger={action.danger}
                loading={running?.key === action.key}
                disabled={running !== null && running.key !== action.key}
                onClick={() => void start(action)}
              >
                {action.label}
              </Button>
            ))}
          </Flex>
        </Flex>
      )}
      <Modal
        open={report !== null}
        title={report ? t('batch.result.title', { action: report.action }) : ''}
        onCancel={() => setReport(null)}
        onOk={() => setReport(null)}
        okText={t('batch.result.close')}
        footer={(_, { OkBtn }) => <OkBtn />}
        width={640}
      >
        {report && (
          <Flex vertical gap={12}>
            <span>{t('batch.result.summary', { done: report.done, refused: report.refused.length })}</span>
            <Table<BatchRowOutcome<Row>>
              size="small"
              rowKey={(o) => o.result.id}
              dataSource={report.refused}
              pagination={report.refused.length > 10 ? { pageSize: 10, size: 'small' } : false}
              columns={[
                { key: 'row', title: t('batch.result.row'), render: (_, o) => labelOf(o.row) },
                { key: 'reason', title: t('batch.result.reason'), render: (_, o) => o.result.message },
              ]}
            />
          </Flex>
        )}
      </Modal>
    </>
  );

  return { rowSelection, bar, selected: rows };
}
